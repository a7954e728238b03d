import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The page of an address no route knows, shown inside the shell. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" data-testid="not-found">
      <Stack align="center">
        <Title order={2}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/">{t('notFound.home')}</Button>
      </Stack>
    </Center>
  );
}
