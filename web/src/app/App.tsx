import { MantineProvider, Loader, Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function App() {
  const { t } = useTranslation();
  return (
    <MantineProvider>
      <Center h="100vh" aria-label={t('app.loading')}>
        <Loader />
      </Center>
    </MantineProvider>
  );
}
