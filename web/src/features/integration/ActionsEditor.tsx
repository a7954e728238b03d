// The actions of an automation rule: each a type and what it needs.
import { ActionIcon, Button, Group, NumberInput, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACTIONS, type Action, type Webhook } from './integrationApi';

/** parseValue reads a field's value as JSON when it is JSON, else as text. */
function parseValue(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}

function showValue(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v);
}

export default function ActionsEditor({ actions, onChange, webhooks }: {
  actions: Action[];
  onChange: (a: Action[]) => void;
  webhooks: Webhook[];
}) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<Action>) => onChange(actions.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <Stack gap="xs">
      {actions.map((a, i) => (
        <Paper key={i} withBorder p="xs" data-testid="automation-action">
          <Group align="flex-end">
            <Select label={t('integration.automation.action')} value={a.type} w={220}
              data={ACTIONS.map((x) => ({ value: x, label: t(`integration.action.${x}`) }))}
              onChange={(v) => v && set(i, { type: v as Action['type'] })} data-testid="action-type" />
            {(a.type === 'createTask' || a.type === 'createTodo') && (
              <TextInput label={t('integration.automation.taskName')} value={a.name ?? ''} data-testid="action-name"
                onChange={(e) => set(i, { name: e.currentTarget.value })} />
            )}
            {a.type === 'createTask' && (
              <TextInput label={t('integration.automation.template')} value={a.template ?? ''} w={160}
                onChange={(e) => set(i, { template: e.currentTarget.value })} />
            )}
            {a.type === 'moveDeal' && (
              <TextInput label={t('integration.automation.state')} value={a.state ?? ''} w={200}
                onChange={(e) => set(i, { state: e.currentTarget.value })} />
            )}
            {a.type === 'createTodo' && (
              <NumberInput label={t('integration.automation.inDays')} value={a.inDays ?? 0} min={0} w={120}
                onChange={(v) => set(i, { inDays: Number(v) || 0 })} />
            )}
            {a.type === 'setField' && (
              <>
                <TextInput label={t('integration.automation.field')} value={a.field ?? ''} data-testid="action-field"
                  onChange={(e) => set(i, { field: e.currentTarget.value })} />
                <TextInput label={t('integration.automation.value')} value={showValue(a.value)} data-testid="action-value"
                  onChange={(e) => set(i, { value: parseValue(e.currentTarget.value) })} />
              </>
            )}
            {a.type === 'notify' && (
              <TextInput label={t('integration.automation.text')} value={a.text ?? ''} w={320}
                onChange={(e) => set(i, { text: e.currentTarget.value })} />
            )}
            {a.type === 'webhook' && (
              <Select label={t('integration.webhook.one')} value={a.webhook ?? null} w={320}
                data={webhooks.map((h) => ({ value: h.id, label: h.url }))}
                onChange={(v) => set(i, { webhook: v ?? '' })} />
            )}
            <ActionIcon variant="subtle" color="red" aria-label={t('integration.delete')}
              onClick={() => onChange(actions.filter((_, j) => j !== i))}>×</ActionIcon>
          </Group>
        </Paper>
      ))}
      <Button variant="light" w="fit-content" data-testid="action-add"
        onClick={() => onChange([...actions, { type: 'createTask', name: '' }])}>{t('integration.automation.addAction')}</Button>
    </Stack>
  );
}
