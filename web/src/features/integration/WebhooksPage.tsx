// /settings/integrations/webhooks: the account's webhooks and a new one.
import { Alert, Anchor, Badge, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCatalog } from '../../data/catalog';
import { EVENTS, errorText, listWebhooks, saveWebhook, type Webhook } from './integrationApi';

/** useTypeOptions: every content type of the catalogue, by label, for a Select. */
export function useTypeOptions(allLabel?: string) {
  const { catalog } = useCatalog();
  const types = [...(catalog?.types ?? [])].sort((a, b) => a.label.localeCompare(b.label));
  const opts = types.map((x) => ({ value: x.name, label: `${x.label} (${x.name})` }));
  return allLabel ? [{ value: '', label: allLabel }, ...opts] : opts;
}

export default function WebhooksPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [entityType, setEntityType] = useState('');
  const [events, setEvents] = useState<string[]>([...EVENTS]);
  const types = useTypeOptions(t('integration.webhook.allTypes'));
  useEffect(() => {
    listWebhooks().then(setHooks, (e: unknown) => setError(errorText(e)));
  }, []);
  const create = async () => {
    setError(null);
    try {
      const h = await saveWebhook(null, { url, entityType, events });
      navigate(`/settings/integrations/webhooks/${h.id}`);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Stack gap="md" maw={1000} data-testid="webhooks">
      <Title order={2}>{t('integration.webhook.title')}</Title>
      <Text size="sm" c="dimmed">{t('integration.webhook.about')}</Text>
      {error && <Alert color="red" data-testid="webhook-error">{error}</Alert>}
      {hooks && hooks.length === 0 && <Text c="dimmed">{t('integration.webhook.none')}</Text>}
      {hooks && hooks.length > 0 && (
        <Table data-testid="webhook-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('integration.webhook.url')}</Table.Th>
              <Table.Th>{t('integration.webhook.entityType')}</Table.Th>
              <Table.Th>{t('integration.webhook.events')}</Table.Th>
              <Table.Th>{t('integration.webhook.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {hooks.map((h) => (
              <Table.Tr key={h.id}>
                <Table.Td>
                  <Anchor component={RouterLink} to={`/settings/integrations/webhooks/${h.id}`}>{h.url}</Anchor>
                </Table.Td>
                <Table.Td>{h.entityType || t('integration.webhook.allTypes')}</Table.Td>
                <Table.Td>{h.events.map((e) => t(`integration.event.${e}`)).join(', ')}</Table.Td>
                <Table.Td>
                  <Badge color={h.isActive ? 'green' : 'red'} variant="light">
                    {t(h.isActive ? 'integration.webhook.active' : 'integration.webhook.disabled')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3} size="h4">{t('integration.webhook.new')}</Title>
      <TextInput label={t('integration.webhook.url')} placeholder="https://" value={url}
        onChange={(e) => setUrl(e.currentTarget.value)} data-testid="webhook-url" />
      <Select label={t('integration.webhook.entityType')} data={types} value={entityType} searchable
        onChange={(v) => setEntityType(v ?? '')} data-testid="webhook-type" />
      <Checkbox.Group label={t('integration.webhook.events')} value={events} onChange={setEvents}>
        <Group mt="xs">
          {EVENTS.map((e) => <Checkbox key={e} value={e} label={t(`integration.event.${e}`)} />)}
        </Group>
      </Checkbox.Group>
      <Group>
        <Button onClick={create} data-testid="webhook-create">{t('integration.webhook.create')}</Button>
      </Group>
    </Stack>
  );
}
