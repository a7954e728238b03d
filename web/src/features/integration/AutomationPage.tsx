// /settings/integrations/automation/{id|new}: a rule's editor — when it
// runs, on which entities (a list filter), what it does — and its runs.
import { Alert, Badge, Button, Group, NumberInput, Select, Stack, Switch, Table, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import ActionsEditor from './ActionsEditor';
import { formatTime } from './format';
import {
  dropAutomation, errorText, getAutomation, listRuns, listWebhooks, nameContains, saveAutomation, TRIGGERS,
  type Automation, type Run, type Webhook,
} from './integrationApi';
import { useTypeOptions } from './WebhooksPage';

const blank: Omit<Automation, 'id'> = {
  name: '', entityType: 'Task', enabled: true, trigger: { type: 'create', fields: [], everyMinutes: 60 },
  filter: null, actions: [{ type: 'createTask', name: '' }], timeNextRun: null,
};

export default function AutomationPage({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [rule, setRule] = useState<Omit<Automation, 'id'>>(blank);
  const [filter, setFilter] = useState('');
  const [runs, setRuns] = useState<Run[]>([]);
  const [webhooks, setWebhooks] = useState<Webhook[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const types = useTypeOptions();
  const reload = useCallback(() => {
    if (!id) return;
    Promise.all([getAutomation(id), listRuns(id)]).then(([r, h]) => {
      setRule(r);
      setFilter(r.filter ? JSON.stringify(r.filter, null, 2) : '');
      setRuns(h);
    }, (e: unknown) => setError(errorText(e)));
  }, [id]);
  useEffect(reload, [reload]);
  useEffect(() => {
    listWebhooks().then(setWebhooks, () => setWebhooks([]));
  }, []);
  const save = async () => {
    setError(null);
    setSaved(false);
    let parsed: unknown = null;
    if (filter.trim()) {
      try {
        parsed = JSON.parse(filter);
      } catch {
        setError(t('integration.automation.filterJson'));
        return;
      }
    }
    try {
      const r = await saveAutomation(id, { ...rule, filter: parsed });
      setSaved(true);
      if (!id) navigate(`/settings/integrations/automation/${r.id}`, { replace: true });
      else setRule(r);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const trig = rule.trigger;
  return (
    <Stack gap="md" maw={1100} data-testid="automation">
      <Title order={2}>{id ? rule.name || t('integration.automation.one') : t('integration.automation.new')}</Title>
      {error && <Alert color="red" data-testid="automation-error">{error}</Alert>}
      <TextInput label={t('integration.automation.name')} value={rule.name} required data-testid="automation-name"
        onChange={(e) => setRule({ ...rule, name: e.currentTarget.value })} />
      <Group align="flex-end">
        <Select label={t('integration.automation.entityType')} data={types} value={rule.entityType} searchable w={320}
          onChange={(v) => setRule({ ...rule, entityType: v ?? '' })} data-testid="automation-type" />
        <Select label={t('integration.automation.trigger')} value={trig.type} w={260} data-testid="automation-trigger"
          data={TRIGGERS.map((x) => ({ value: x, label: t(`integration.trigger.${x}`) }))}
          onChange={(v) => v && setRule({ ...rule, trigger: { ...trig, type: v as typeof trig.type } })} />
        {trig.type === 'field' && (
          <TagsInput label={t('integration.automation.fields')} value={trig.fields} w={320}
            onChange={(v) => setRule({ ...rule, trigger: { ...trig, fields: v } })} />
        )}
        {trig.type === 'schedule' && (
          <NumberInput label={t('integration.automation.everyMinutes')} value={trig.everyMinutes} min={1} w={160}
            onChange={(v) => setRule({ ...rule, trigger: { ...trig, everyMinutes: Number(v) || 0 } })} />
        )}
      </Group>
      {rule.timeNextRun && <Text size="sm">{t('integration.automation.nextRun')}: {formatTime(rule.timeNextRun.value)}</Text>}
      <Stack gap={4}>
        <Textarea label={t('integration.automation.filter')} description={t('integration.automation.filterHelp')}
          value={filter} onChange={(e) => setFilter(e.currentTarget.value)} autosize minRows={2} maxRows={12}
          ff="monospace" data-testid="automation-filter" />
        <Button variant="subtle" size="xs" w="fit-content"
          onClick={() => setFilter(JSON.stringify(nameContains(''), null, 2))}>{t('integration.automation.nameContains')}</Button>
      </Stack>
      <Title order={3} size="h4">{t('integration.automation.actions')}</Title>
      <ActionsEditor actions={rule.actions} onChange={(a) => setRule({ ...rule, actions: a })} webhooks={webhooks} />
      <Switch label={t('integration.automation.on')} checked={rule.enabled}
        onChange={(e) => setRule({ ...rule, enabled: e.currentTarget.checked })} />
      <Group>
        <Button onClick={save} data-testid="automation-save">{t('integration.save')}</Button>
        {saved && <Text size="sm" c="green" data-testid="automation-saved">{t('integration.saved')}</Text>}
        {id && (
          <Button color="red" variant="light" onClick={async () => {
            await dropAutomation(id);
            navigate('/settings/integrations/automation');
          }}>{t('integration.delete')}</Button>
        )}
      </Group>
      {id && (
        <>
          <Group justify="space-between">
            <Title order={3} size="h4">{t('integration.automation.history')}</Title>
            <Button variant="default" onClick={reload} data-testid="automation-refresh">{t('integration.refresh')}</Button>
          </Group>
          {runs.length === 0 && <Text c="dimmed">{t('integration.automation.noRuns')}</Text>}
          {runs.length > 0 && (
            <Table data-testid="automation-runs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('integration.webhook.time')}</Table.Th>
                  <Table.Th>{t('integration.webhook.subject')}</Table.Th>
                  <Table.Th>{t('integration.webhook.state')}</Table.Th>
                  <Table.Th>{t('integration.automation.done')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.map((r) => (
                  <Table.Tr key={r.id} data-testid="automation-run">
                    <Table.Td>{formatTime(r.date.value)}</Table.Td>
                    <Table.Td>{r.subject ? `${r.subject.contentType} ${r.subject.id}` : '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={r.status === 'ok' ? 'green' : 'red'} variant="light">{t(`integration.run.${r.status}`)}</Badge>
                    </Table.Td>
                    <Table.Td>{r.status === 'ok' ? r.actions.join(', ') : r.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
