// /apps/{id}: an app's own page, its widgets at the app_page placeholder.
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WidgetSlot } from './widgets/WidgetSlot';

export default function AppPage({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" p="md" data-testid="app-page">
      <Title order={2}>{t('integration.apps.page')}</Title>
      <WidgetSlot placeholder="app_page" appId={id} />
      <Text size="xs" c="dimmed">{t('integration.apps.pageHint')}</Text>
    </Stack>
  );
}
