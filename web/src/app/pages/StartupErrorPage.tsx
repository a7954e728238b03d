import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors/errorText';

/** Shown when the startup data could not be loaded for a reason other than signing in. */
export function StartupErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center h="100vh">
      <Stack align="center" maw={480}>
        <Title order={3}>{t('error.startup.title')}</Title>
        <Text c="dimmed" ta="center">{errorText(error, t)}</Text>
        <Group>
          <Button onClick={retry}>{t('error.retry')}</Button>
          <Button variant="default" component="a" href="/logout">{t('menu.user.logout')}</Button>
        </Group>
      </Stack>
    </Center>
  );
}
