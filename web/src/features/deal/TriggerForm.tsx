// A scenario's form: its name, when it runs (on entering states, by a
// button, on a schedule after N days in a state, or on a deal's event),
// where, who may press it and its actions. The same form adds a scenario
// below the list and edits one in a dialog.
import { useState } from 'react';
import { Button, Group, MultiSelect, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActionsEditor } from './ActionsEditor';
import type { StateInfo } from './dealApi';
import { ROLES, type RuleField } from './ruleModel';
import { actionIncomplete, newAction, type TriggerParams } from './triggerParams';
import { whenOf, type EventKind, type TriggerWhen } from './triggerRule';

export interface TriggerDraft extends TriggerParams {
  name: string;
  type: string;
  /** when: a system scenario's event, a schedule's days in the state (written into its rule). */
  when: TriggerWhen;
}

export const TRIGGER_TYPES = ['auto', 'button', 'schedule', 'system'];
const EVENTS: EventKind[] = ['created', 'stateChanged', 'fieldChanged'];

export const blankTrigger = (): TriggerDraft => ({ name: '', type: 'auto', states: [], allowed: [], actions: [newAction('message')], when: whenOf(null, 'auto') });

export function TriggerForm({ initial, states, fields, submitLabel, submitTestId, onSubmit, onCancel }: {
  initial: TriggerDraft;
  states: StateInfo[];
  /** fields: the deal fields a system scenario may watch for a change. */
  fields: RuleField[];
  submitLabel: string;
  submitTestId: string;
  /** onSubmit saves the draft; the form starts afresh when it resolves true. */
  onSubmit(d: TriggerDraft): Promise<boolean>;
  onCancel?(): void;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState<TriggerDraft>(initial);
  const set = (patch: Partial<TriggerDraft>) => setD((x) => ({ ...x, ...patch }));
  const setWhen = (patch: Partial<TriggerWhen>) => setD((x) => ({ ...x, when: { ...x.when, ...patch } }));
  // The server wants states for these two; the others run in every state without any.
  const needStates = d.type === 'auto' || d.type === 'schedule';
  const ready = d.name.trim() !== '' && d.actions.length > 0 && !d.actions.some(actionIncomplete) && (!needStates || d.states.length > 0) &&
    (d.type !== 'system' || d.when.event !== 'fieldChanged' || d.when.field !== '');
  const submit = async () => {
    if (ready && (await onSubmit(d))) setD(blankTrigger());
  };
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end">
        <TextInput size="xs" label={t('deal.editor.triggerName')} value={d.name} onChange={(e) => set({ name: e.currentTarget.value })} data-testid="process-trigger-name" />
        <Select size="xs" w={170} label={t('deal.editor.when')} allowDeselect={false} value={d.type} onChange={(v) => v && set({ type: v })} data-testid="process-trigger-type"
          data={TRIGGER_TYPES.map((v) => ({ value: v, label: t(`deal.editor.triggerType.${v}`) }))} />
        {d.type === 'system' && (
          <Select size="xs" w={200} label={t('deal.trigger.event')} allowDeselect={false} value={d.when.event} onChange={(v) => v && setWhen({ event: v as EventKind })}
            data={EVENTS.map((v) => ({ value: v, label: t(`deal.trigger.events.${v}`) }))} data-testid="process-trigger-event" />
        )}
        {d.type === 'system' && d.when.event === 'fieldChanged' && (
          <Select size="xs" w={170} label={t('deal.trigger.field')} allowDeselect={false} value={d.when.field} onChange={(v) => v && setWhen({ field: v })}
            data={fields.map((f) => ({ value: f.name, label: f.label }))} data-testid="process-trigger-event-field" />
        )}
        {d.type === 'schedule' && (
          <NumberInput size="xs" w={150} label={t('deal.trigger.afterDays')} min={0} max={3650} allowDecimal={false} value={d.when.days}
            onChange={(v) => setWhen({ days: Math.max(0, Math.floor(Number(v) || 0)) })} data-testid="process-trigger-days" />
        )}
        <MultiSelect size="xs" w={220} label={t('deal.editor.states')} data={states.map((s) => ({ value: s.id, label: s.name }))} value={d.states}
          onChange={(v) => set({ states: v })} data-testid="process-trigger-states" placeholder={needStates ? undefined : t('deal.trigger.everyState')} />
        {d.type === 'button' && (
          <MultiSelect size="xs" w={200} label={t('deal.editor.allowed')} data={ROLES.map((r) => ({ value: r, label: t(`deal.editor.role.${r}`) }))} value={d.allowed}
            onChange={(v) => set({ allowed: v })} placeholder={t('deal.trigger.anyone')} data-testid="process-trigger-allowed" />
        )}
      </Group>
      <ActionsEditor actions={d.actions} onChange={(actions) => set({ actions })} />
      <Group gap="xs">
        <Button size="xs" disabled={!ready} onClick={() => void submit()} data-testid={submitTestId}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button size="xs" variant="default" onClick={onCancel}>
            {t('deal.rule.cancel')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
