// /settings/integrations/webhooks/{id}: one webhook, its secret and its
// delivery log (each try's response code and time).
import { Alert, Badge, Button, Checkbox, Code, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTime } from './format';
import { dropWebhook, errorText, EVENTS, getWebhook, listDeliveries, saveWebhook, type Delivery, type Webhook } from './integrationApi';

const statusColor = { pending: 'yellow', done: 'green', failed: 'red' } as const;

export default function WebhookPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [hook, setHook] = useState<Webhook | null>(null);
  const [log, setLog] = useState<Delivery[]>([]);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    Promise.all([getWebhook(id), listDeliveries(id)]).then(([h, l]) => {
      setHook(h);
      setLog(l);
    }, (e: unknown) => setError(errorText(e)));
  }, [id]);
  useEffect(reload, [reload]);
  if (!hook) return error ? <Alert color="red">{error}</Alert> : null;
  const save = async (body: Partial<Webhook>) => {
    setError(null);
    try {
      setHook(await saveWebhook(id, body));
    } catch (e) {
      setError(errorText(e));
    }
  };
  const drop = async () => {
    await dropWebhook(id);
    navigate('/settings/integrations/webhooks');
  };
  return (
    <Stack gap="md" maw={1100} data-testid="webhook">
      <Title order={2}>{t('integration.webhook.one')}</Title>
      {error && <Alert color="red">{error}</Alert>}
      {!hook.isActive && hook.timeDisabled && (
        <Alert color="red" data-testid="webhook-off">{t('integration.webhook.offAfterFailures', { error: hook.lastError })}</Alert>
      )}
      <TextInput label={t('integration.webhook.url')} defaultValue={hook.url} onBlur={(e) => {
        if (e.currentTarget.value !== hook.url) void save({ url: e.currentTarget.value });
      }} />
      <Text size="sm">{t('integration.webhook.entityType')}: {hook.entityType || t('integration.webhook.allTypes')}</Text>
      <Checkbox.Group label={t('integration.webhook.events')} value={hook.events} onChange={(v) => void save({ events: v })}>
        <Group mt="xs">
          {EVENTS.map((e) => <Checkbox key={e} value={e} label={t(`integration.event.${e}`)} />)}
        </Group>
      </Checkbox.Group>
      <Switch label={t('integration.webhook.active')} checked={hook.isActive} data-testid="webhook-active"
        onChange={(e) => void save({ isActive: e.currentTarget.checked })} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>{t('integration.webhook.secret')}</Text>
        <Code data-testid="webhook-secret">{hook.secret}</Code>
        <Text size="xs" c="dimmed">{t('integration.webhook.signature')}</Text>
      </Stack>
      <Group justify="space-between">
        <Title order={3} size="h4">{t('integration.webhook.log')}</Title>
        <Group>
          <Button variant="default" onClick={reload} data-testid="webhook-refresh">{t('integration.refresh')}</Button>
          <Button color="red" variant="light" onClick={drop}>{t('integration.delete')}</Button>
        </Group>
      </Group>
      {log.length === 0 && <Text c="dimmed">{t('integration.webhook.noDeliveries')}</Text>}
      {log.length > 0 && (
        <Table data-testid="webhook-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('integration.webhook.time')}</Table.Th>
              <Table.Th>{t('integration.webhook.event')}</Table.Th>
              <Table.Th>{t('integration.webhook.subject')}</Table.Th>
              <Table.Th>{t('integration.webhook.state')}</Table.Th>
              <Table.Th>{t('integration.webhook.tries')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.map((d) => (
              <Table.Tr key={d.id} data-testid="delivery">
                <Table.Td>{formatTime(d.timeCreated.value)}</Table.Td>
                <Table.Td>{d.event}</Table.Td>
                <Table.Td>{d.subject.contentType} {d.subject.id}</Table.Td>
                <Table.Td>
                  <Badge color={statusColor[d.status]} variant="light">{t(`integration.delivery.${d.status}`)}</Badge>
                </Table.Td>
                <Table.Td>
                  {d.attempts.map((a, i) => (
                    <Text key={i} size="xs" data-testid="delivery-try">
                      {formatTime(a.time.value)} — {a.code || '—'} {a.error} ({t('integration.ms', { ms: a.durationMs })})
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
