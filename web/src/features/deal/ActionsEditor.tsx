// A scenario's actions, run in order (docs/deal.md "Triggers"): each
// with its type and inputs, moved earlier or later, removed, and more
// added.
import { ActionIcon, Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldInfo } from '../../data/catalog';
import type { Link as EntityLink } from '../../data/types';
import { LinkEditor } from '../../fields/link';
import { ACTIONS, ARG, SETTABLE, moved, newAction, type Action } from './triggerParams';

const linkField = (name: string, label: string, targets: string[]): FieldInfo => ({
  name, label, kind: 'link', targets, sortable: false, readOnly: false, required: false, writeOnly: false,
});

function SetFieldInputs({ a, onChange }: { a: Action; onChange(a: Action): void }) {
  const { t } = useTranslation();
  const f = SETTABLE.find((s) => s.name === a.field);
  const money = (a.value ?? { contentType: 'Money', value: '', currency: 'RUB' }) as { value?: unknown; currency?: string };
  const pick = (name: string | null) => {
    const nf = SETTABLE.find((s) => s.name === name);
    // Each field's value has its own shape: start it afresh.
    if (nf) onChange({ ...a, field: nf.name, value: nf.kind === 'text' ? '' : nf.kind === 'money' ? { contentType: 'Money', value: '', currency: 'RUB' } : null });
  };
  return (
    <>
      <Select size="xs" w={170} allowDeselect={false} aria-label={t('deal.trigger.field')} value={a.field ?? null} onChange={pick} data-testid="process-trigger-set-field"
        data={SETTABLE.map((s) => ({ value: s.name, label: t(`deal.editor.field.${s.name}`) }))} />
      {f?.kind === 'text' && (
        <TextInput size="xs" w={220} aria-label={t('deal.trigger.value')} placeholder={t('deal.trigger.value')} value={String(a.value ?? '')}
          onChange={(e) => onChange({ ...a, value: e.currentTarget.value })} data-testid="process-trigger-arg" />
      )}
      {f?.kind === 'money' && (
        <>
          <TextInput size="xs" w={120} inputMode="decimal" aria-label={t('deal.trigger.value')} placeholder={t('deal.trigger.value')} value={String(money.value ?? '')}
            onChange={(e) => onChange({ ...a, value: { contentType: 'Money', currency: money.currency ?? 'RUB', value: e.currentTarget.value } })} data-testid="process-trigger-arg" />
          <TextInput size="xs" w={70} aria-label={t('deal.rule.currency')} value={money.currency ?? 'RUB'}
            onChange={(e) => onChange({ ...a, value: { ...money, contentType: 'Money', currency: e.currentTarget.value.toUpperCase() } })} />
        </>
      )}
      {f?.kind === 'link' && (
        <div style={{ minWidth: 240 }}>
          <LinkEditor field={linkField(f.name, '', f.targets ?? [])} label="" value={a.value as EntityLink | null}
            onChange={(v) => onChange({ ...a, value: v ? { contentType: v.contentType, id: String(v.id) } : null })} />
        </div>
      )}
    </>
  );
}

function ActionRow({ a, onChange }: { a: Action; onChange(a: Action): void }) {
  const { t } = useTranslation();
  if (a.type === 'setField') return <SetFieldInputs a={a} onChange={onChange} />;
  const key = ARG[a.type];
  return (
    <>
      {key && (
        <TextInput size="xs" w={a.type === 'createTask' ? 120 : 260} label={undefined} aria-label={t(`deal.editor.arg.${a.type}`)} placeholder={t(`deal.editor.arg.${a.type}`)}
          value={String(a[key] ?? '')} onChange={(e) => onChange({ ...a, [key]: e.currentTarget.value })} data-testid="process-trigger-arg" />
      )}
      {a.type === 'createTodo' && (
        <NumberInput size="xs" w={110} min={0} max={366} aria-label={t('deal.trigger.inDays')} placeholder={t('deal.trigger.inDays')} value={a.inDays ?? 0}
          onChange={(v) => onChange({ ...a, inDays: typeof v === 'number' ? v : Number(v) || 0 })} suffix={` ${t('deal.trigger.days')}`} />
      )}
    </>
  );
}

export function ActionsEditor({ actions, onChange }: { actions: Action[]; onChange(actions: Action[]): void }) {
  const { t } = useTranslation();
  const set = (i: number, a: Action) => onChange(actions.map((x, j) => (j === i ? a : x)));
  return (
    <Stack gap={6} data-testid="process-trigger-actions">
      {actions.map((a, i) => (
        <Group key={i} gap="xs" wrap="wrap" data-testid="process-trigger-action-row">
          <Select size="xs" w={190} allowDeselect={false} aria-label={t('deal.editor.actions')} value={a.type} data-testid="process-trigger-action"
            onChange={(v) => v && v !== a.type && set(i, newAction(v))} data={ACTIONS.map((x) => ({ value: x, label: t(`deal.editor.action.${x}`) }))} />
          <ActionRow a={a} onChange={(n) => set(i, n)} />
          <ActionIcon size="sm" variant="subtle" disabled={i === 0} aria-label={t('deal.editor.up')} onClick={() => onChange(moved(actions, i, -1))} data-testid="process-trigger-action-up">
            <IconArrowUp size={14} />
          </ActionIcon>
          <ActionIcon size="sm" variant="subtle" disabled={i === actions.length - 1} aria-label={t('deal.editor.down')} onClick={() => onChange(moved(actions, i, 1))}>
            <IconArrowDown size={14} />
          </ActionIcon>
          <ActionIcon size="sm" variant="subtle" color="red" disabled={actions.length === 1} aria-label={t('deal.editor.delete')}
            onClick={() => onChange(actions.filter((_, j) => j !== i))} data-testid="process-trigger-action-remove">
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
      <Button size="xs" variant="subtle" style={{ alignSelf: 'flex-start' }} onClick={() => onChange([...actions, newAction('message')])} data-testid="process-trigger-action-add">
        {t('deal.trigger.addAction')}
      </Button>
    </Stack>
  );
}
