// /settings/integrations/features: the account's feature flags (spec 001
// section 9) — try one for the test drive's two weeks (shown with its end)
// and give it back early (who started it, or an administrator), and, for
// an administrator, switch it on, off (which also ends a test drive) or
// back to its default.
import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api';
import { useSession } from '../../app/session/SessionContext';
import { errorText } from './integrationApi';

interface Feature {
  name: string;
  isAvailable: boolean;
  isEnabledForUser: boolean;
  isTestDriveAvailable: boolean;
  /** Artel's, while a test drive runs: when it ends, and whether this user may give it back */
  testDriveUntil?: string;
  canGiveBackTestDrive?: boolean;
}

export default function FeaturesPage() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const [list, setList] = useState<Feature[]>([]);
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | null>(null);
  const load = () => {
    api.get<Feature[]>('feature').then((r) => setList(r.data), (e: unknown) => setError(errorText(e)));
  };
  useEffect(load, []);
  const act = async (call: () => Promise<unknown>) => {
    setError(null);
    try {
      await call();
      load();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const shown = list.filter((f) => f.name.toLowerCase().includes(q.toLowerCase()));
  return (
    <Stack gap="md" maw={1000} data-testid="features">
      <Title order={2}>{t('integration.feature.title')}</Title>
      <Text size="sm" c="dimmed">{t('integration.feature.about')}</Text>
      {error && <Alert color="red">{error}</Alert>}
      <TextInput placeholder={t('integration.feature.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)}
        data-testid="feature-search" />
      <Table data-testid="feature-list">
        <Table.Tbody>
          {shown.map((f) => (
            <Table.Tr key={f.name} data-testid="feature">
              <Table.Td><Text size="sm" ff="monospace">{f.name}</Text></Table.Td>
              <Table.Td>
                <Badge color={f.isEnabledForUser ? 'green' : 'gray'} variant="light">
                  {t(f.isEnabledForUser ? 'integration.feature.on' : 'integration.feature.off')}
                </Badge>
                {f.testDriveUntil && (
                  <Text size="xs" c="dimmed" data-testid="feature-drive-until">
                    {t('integration.feature.until', { date: new Date(f.testDriveUntil).toLocaleDateString() })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end">
                  {f.isTestDriveAvailable && (
                    <Button size="xs" data-testid="feature-try"
                      onClick={() => act(() => api.post('feature/handleTestDrive', { name: f.name }))}>
                      {t('integration.feature.try')}
                    </Button>
                  )}
                  {f.canGiveBackTestDrive && (
                    <Button size="xs" variant="light" color="orange" data-testid="feature-give-back"
                      onClick={() => act(() => api.post('feature/giveBackTestDrive', { feature: f.name }))}>
                      {t('integration.feature.giveBack')}
                    </Button>
                  )}
                  {isAdmin && (
                    <>
                      <Button size="xs" variant="default" data-testid="feature-enable"
                        onClick={() => act(() => api.post('feature', { name: f.name, isAvailable: true }))}>{t('integration.feature.enable')}</Button>
                      <Button size="xs" variant="default" data-testid="feature-disable"
                        onClick={() => act(() => api.post('feature', { name: f.name, isAvailable: false }))}>{t('integration.feature.disable')}</Button>
                      <Button size="xs" variant="subtle"
                        onClick={() => act(() => api.post('feature', { name: f.name, isAvailable: null }))}>{t('integration.feature.default')}</Button>
                    </>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
