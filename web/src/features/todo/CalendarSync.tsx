// Calendar sync: a key for phones and desktop calendars. The CalDAV
// address with the user's login and key lets Apple Calendar, Thunderbird
// or DAVx5 read and write the user's to-dos; the feed address lets any
// calendar subscribe read-only. The key is shown once; a new one or a
// revoke stops the old at once (docs/todo.md).
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api';

interface Sync {
  enabled: boolean;
  login: string;
  caldavPath: string;
  key?: string;
  feedPath?: string;
}

function Line({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>{label}</Text>
      <Group gap="xs" wrap="nowrap">
        <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>{value}</Code>
        <CopyButton value={value}>
          {({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied ? t('todo.sync.copied') : t('todo.sync.copy')}</Button>}
        </CopyButton>
      </Group>
    </Stack>
  );
}

export default function CalendarSync({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [sync, setSync] = useState<Sync | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(e instanceof Error ? e.message : String(e));

  useEffect(() => {
    api.get<Sync>('calendarSync', undefined, { batch: false }).then((r) => setSync(r.data), fail);
  }, []);
  const issue = () => api.post<Sync>('calendarSync').then((r) => setSync(r.data), fail);
  const revoke = () => api.delete<Sync>('calendarSync').then((r) => setSync(r.data), fail);
  const origin = window.location.origin;

  return (
    <Modal opened onClose={onClose} title={t('todo.sync.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('todo.sync.about')}</Text>
        {error && <Alert color="red">{error}</Alert>}
        {sync?.key && (
          <Stack gap="sm" data-testid="calendar-sync-key">
            <Alert color="yellow">{t('todo.sync.once')}</Alert>
            <Line label={t('todo.sync.caldav')} value={origin + sync.caldavPath} testId="sync-caldav" />
            <Line label={t('todo.sync.login')} value={sync.login} testId="sync-login" />
            <Line label={t('todo.sync.key')} value={sync.key} testId="sync-key" />
            <Line label={t('todo.sync.feed')} value={origin + (sync.feedPath ?? '')} testId="sync-feed" />
          </Stack>
        )}
        {sync && !sync.key && <Text size="sm" c="dimmed">{sync.enabled ? t('todo.sync.enabled') : t('todo.sync.disabled')}</Text>}
        <Group justify="flex-end">
          {sync?.enabled && <Button variant="default" color="red" onClick={revoke}>{t('todo.sync.revoke')}</Button>}
          <Button onClick={issue} data-testid="calendar-sync-issue">{sync?.enabled ? t('todo.sync.reissue') : t('todo.sync.issue')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
