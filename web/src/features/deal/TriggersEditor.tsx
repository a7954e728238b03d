// The process editor's triggers (scenarios), in the order they run: each
// with when it runs (on entering states, by a button, on a schedule, on a
// deal's event: the last two written into its rule), its actions and
// its condition; moved earlier or later, edited in a dialog, deleted, and
// added below. The server checks the params (docs/deal.md, Triggers).
import { useState } from 'react';
import { ActionIcon, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StateInfo } from './dealApi';
import { addTrigger, dropTrigger, saveTrigger, type TriggerInfo } from './processApi';
import { RuleCondition } from './RuleEditor';
import type { RuleField } from './ruleModel';
import { TriggerForm, blankTrigger, type TriggerDraft } from './TriggerForm';
import { cleanAction, moved, parseParams } from './triggerParams';
import { joinRule, splitRule, whenOf } from './triggerRule';

/** paramsOf is what a draft writes: button scenarios alone name who may press them. */
const paramsOf = (d: TriggerDraft) => ({
  states: d.states,
  ...(d.type === 'button' && d.allowed.length ? { allowed: d.allowed } : {}),
  actions: d.actions.map(cleanAction),
});

export function TriggersEditor({ programId, states, triggers, fields, run }: {
  programId: string;
  states: StateInfo[];
  triggers: TriggerInfo[];
  fields: RuleField[];
  run(work: () => Promise<unknown>): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TriggerInfo | null>(null);
  const nameOf = (id: string) => states.find((s) => s.id === id)?.name ?? id;
  // Numbering them all keeps the order whatever positions they had (none, or equal ones).
  const reorder = (i: number, by: -1 | 1) =>
    run(async () => {
      for (const [n, tr] of moved(triggers, i, by).entries()) await saveTrigger(tr.id, { orderPosition: n + 1 });
    });
  const add = (d: TriggerDraft) =>
    run(() => addTrigger(programId, d.name.trim(), d.type, paramsOf(d), triggers.length + 1, joinRule(d.type, d.when, null, fields)));
  const save = async (d: TriggerDraft) => {
    const old = editing!.rule ?? null;
    const rule = joinRule(d.type, d.when, splitRule(old, editing!.type).rest, fields);
    // The rule is sent only when the form changed it: one that no longer
    // compiles (its state deleted) is left for the rule editor.
    const changed = JSON.stringify(rule) !== JSON.stringify(old);
    const ok = await run(() => saveTrigger(editing!.id, { name: d.name.trim(), type: d.type, params: paramsOf(d), ...(changed ? { rule } : {}) }));
    if (ok) setEditing(null);
    return ok;
  };
  const draftOf = (tr: TriggerInfo): TriggerDraft => ({ name: tr.name, type: tr.type, ...parseParams(tr.params), when: whenOf(tr.rule, tr.type) });
  const whenText = (tr: TriggerInfo) => {
    const w = whenOf(tr.rule, tr.type);
    if (tr.type === 'system') return `${t('deal.editor.triggerType.system')}: ${t(`deal.trigger.events.${w.event}`)}${w.event === 'fieldChanged' ? ` «${fields.find((f) => f.name === w.field)?.label ?? w.field}»` : ''}`;
    if (tr.type === 'schedule' && w.days > 0) return `${t('deal.editor.triggerType.schedule')}: ${t('deal.trigger.daysIn', { count: w.days })}`;
    return t(`deal.editor.triggerType.${tr.type}`, { defaultValue: tr.type });
  };
  return (
    <Stack gap="xs">
      <Table data-testid="process-triggers" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('deal.editor.order')}</Table.Th>
            <Table.Th>{t('deal.editor.triggerName')}</Table.Th>
            <Table.Th>{t('deal.editor.when')}</Table.Th>
            <Table.Th>{t('deal.editor.states')}</Table.Th>
            <Table.Th>{t('deal.editor.actions')}</Table.Th>
            <Table.Th>{t('deal.editor.condition')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {triggers.map((tr, i) => {
            const p = parseParams(tr.params);
            return (
              <Table.Tr key={tr.id} data-testid="process-trigger" data-name={tr.name}>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon size="sm" variant="subtle" disabled={i === 0} aria-label={t('deal.editor.up')} onClick={() => void reorder(i, -1)} data-testid="process-trigger-up">
                      <IconArrowUp size={14} />
                    </ActionIcon>
                    <ActionIcon size="sm" variant="subtle" disabled={i === triggers.length - 1} aria-label={t('deal.editor.down')} onClick={() => void reorder(i, 1)}>
                      <IconArrowDown size={14} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
                <Table.Td>{tr.name}</Table.Td>
                <Table.Td data-testid="process-trigger-when">{whenText(tr)}</Table.Td>
                <Table.Td>{p.states.map(nameOf).join(', ')}</Table.Td>
                <Table.Td>
                  <Text size="sm" data-testid="process-trigger-action-list">
                    {p.actions.map((a) => t(`deal.editor.action.${a.type}`, { defaultValue: a.type })).join(' → ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RuleCondition rule={tr.rule} fields={fields} states={states} testId="process-trigger-condition"
                    onSave={(rule) => run(() => saveTrigger(tr.id, { rule }))} />
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon size="sm" variant="subtle" aria-label={t('deal.trigger.edit')} onClick={() => setEditing(tr)} data-testid="process-trigger-edit">
                      <IconPencil size={14} />
                    </ActionIcon>
                    <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('deal.editor.delete')} onClick={() => void run(() => dropTrigger(tr.id))}>
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <TriggerForm initial={blankTrigger()} states={states} fields={fields} submitLabel={t('deal.editor.addTrigger')} submitTestId="process-trigger-add" onSubmit={add} />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('deal.trigger.edit')} size="xl">
        {editing && (
          <TriggerForm key={editing.id} initial={draftOf(editing)} states={states} fields={fields} submitLabel={t('deal.rule.save')} submitTestId="process-trigger-save"
            onSubmit={save} onCancel={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}
