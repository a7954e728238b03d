import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** An area the account's plan or feature set does not include. */
export function UnavailablePage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" data-testid="unavailable">
      <Stack align="center" maw={480}>
        <IconLock size={48} stroke={1.5} />
        <Title order={2}>{t('app.unavailable.title')}</Title>
        <Text c="dimmed" ta="center">{t('app.unavailable.text')}</Text>
        <Button component={Link} to="/">{t('notFound.home')}</Button>
      </Stack>
    </Center>
  );
}
