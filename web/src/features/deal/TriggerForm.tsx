// A scenario's form: its name, when it runs, where, who may press it and
// its actions. The same form adds a scenario below the list and edits one
// in a dialog.
import { useState } from 'react';
import { Button, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActionsEditor } from './ActionsEditor';
import type { StateInfo } from './dealApi';
import { ROLES } from './ruleModel';
import { actionIncomplete, newAction, type TriggerParams } from './triggerParams';

export interface TriggerDraft extends TriggerParams {
  name: string;
  type: string;
}

export const blankTrigger = (): TriggerDraft => ({ name: '', type: 'auto', states: [], allowed: [], actions: [newAction('message')] });

export function TriggerForm({ initial, states, submitLabel, submitTestId, onSubmit, onCancel }: {
  initial: TriggerDraft;
  states: StateInfo[];
  submitLabel: string;
  submitTestId: string;
  /** onSubmit saves the draft; the form starts afresh when it resolves true. */
  onSubmit(d: TriggerDraft): Promise<boolean>;
  onCancel?(): void;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState<TriggerDraft>(initial);
  const set = (patch: Partial<TriggerDraft>) => setD((x) => ({ ...x, ...patch }));
  // Auto and button scenarios are made here; a schedule or system one keeps its type.
  const types = ['auto', 'button', ...(['auto', 'button'].includes(initial.type) ? [] : [initial.type])];
  const ready = d.name.trim() !== '' && d.actions.length > 0 && !d.actions.some(actionIncomplete);
  const submit = async () => {
    if (ready && (await onSubmit(d))) setD(blankTrigger());
  };
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end">
        <TextInput size="xs" label={t('deal.editor.triggerName')} value={d.name} onChange={(e) => set({ name: e.currentTarget.value })} data-testid="process-trigger-name" />
        <Select size="xs" w={170} label={t('deal.editor.when')} allowDeselect={false} value={d.type} onChange={(v) => v && set({ type: v })} data-testid="process-trigger-type"
          data={types.map((v) => ({ value: v, label: t(`deal.editor.triggerType.${v}`) }))} />
        <MultiSelect size="xs" w={220} label={t('deal.editor.states')} data={states.map((s) => ({ value: s.id, label: s.name }))} value={d.states}
          onChange={(v) => set({ states: v })} data-testid="process-trigger-states" placeholder={d.type === 'button' ? t('deal.trigger.everyState') : undefined} />
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
