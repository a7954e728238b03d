import { Center, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../layout/LanguageSwitcher';

/** The frame of pages outside the shell: sign-in and registration. */
export function StandaloneLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={400}>
        <Title order={1} ta="center" size="h2">{t('app.name')}</Title>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Title order={2} size="h4" mb="md">{title}</Title>
          {children}
        </Paper>
        <Group justify="center">
          <LanguageSwitcher />
        </Group>
      </Stack>
    </Center>
  );
}
