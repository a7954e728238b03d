import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The loading screen of the startup sequence and of lazy pages. */
export function LoadingScreen({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center h={inline ? 200 : '100vh'} role="status" aria-label={t('app.loading')} data-testid="loading-screen">
      <Loader />
    </Center>
  );
}
