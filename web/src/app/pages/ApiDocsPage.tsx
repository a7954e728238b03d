// /settings/api: the server's API description (OpenAPI, JSON) shown
// framed in the shell, with a link to open it alone.
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LegacyFrame } from '../legacy/LegacyFrame';

export const API_DESCRIPTION = '/api/v3/openapi.json';

export function ApiDocsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="api-docs">
      <Group justify="space-between">
        <Title order={2}>{t('shell.settings.api')}</Title>
        <Anchor href={API_DESCRIPTION} target="_blank" rel="noreferrer">{t('shell.api.open')}</Anchor>
      </Group>
      <LegacyFrame src={API_DESCRIPTION} title={t('shell.settings.api')} />
    </Stack>
  );
}
