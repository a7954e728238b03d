// The process editor's triggers (scenarios): a name, when it runs (on
// entering states, or by a button), and one action; the server checks
// the params (docs/deal.md, Triggers).
import { useState } from 'react';
import { ActionIcon, Button, Group, MultiSelect, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StateInfo } from './dealApi';
import { addTrigger, dropTrigger, saveTrigger, type TriggerInfo } from './processApi';
import { RuleCondition } from './RuleEditor';
import type { RuleField } from './ruleModel';

const ACTIONS = ['message', 'createTodo', 'createTask', 'webhook'];

/** What one action's input means: the message, the to-do's name, the template's id, the address. */
const KEY: Record<string, string> = { message: 'text', createTodo: 'name', createTask: 'template', webhook: 'url' };

function summary(params: string, nameOf: (id: string) => string): { states: string; actions: string } {
  try {
    const p = JSON.parse(params) as { states?: string[]; actions?: { type: string }[] };
    return { states: (p.states ?? []).map(nameOf).join(', '), actions: (p.actions ?? []).map((a) => a.type).join(', ') };
  } catch {
    return { states: '', actions: '' };
  }
}

export function TriggersEditor({ programId, states, triggers, fields, run }: {
  programId: string;
  fields: RuleField[];
  states: StateInfo[];
  triggers: TriggerInfo[];
  run(work: () => Promise<unknown>): Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [type, setType] = useState('auto');
  const [where, setWhere] = useState<string[]>([]);
  const [action, setAction] = useState('message');
  const [arg, setArg] = useState('');
  const nameOf = (id: string) => states.find((s) => s.id === id)?.name ?? id;
  const add = () =>
    name.trim() && arg.trim() &&
    run(async () => {
      await addTrigger(programId, name.trim(), type, { states: where, actions: [{ type: action, [KEY[action]]: arg.trim() }] });
      // The next scenario starts from a clean form.
      setName('');
      setType('auto');
      setWhere([]);
      setAction('message');
      setArg('');
    });
  return (
    <Stack gap="xs">
      <Table data-testid="process-triggers" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('deal.editor.triggerName')}</Table.Th>
            <Table.Th>{t('deal.editor.when')}</Table.Th>
            <Table.Th>{t('deal.editor.states')}</Table.Th>
            <Table.Th>{t('deal.editor.actions')}</Table.Th>
            <Table.Th>{t('deal.editor.condition')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {triggers.map((tr) => {
            const s = summary(tr.params, nameOf);
            return (
              <Table.Tr key={tr.id} data-testid="process-trigger">
                <Table.Td>{tr.name}</Table.Td>
                <Table.Td>{t(`deal.editor.triggerType.${tr.type}`, { defaultValue: tr.type })}</Table.Td>
                <Table.Td>{s.states}</Table.Td>
                <Table.Td>
                  <Text size="sm">{s.actions.split(', ').filter(Boolean).map((a) => t(`deal.editor.action.${a}`, { defaultValue: a })).join(', ')}</Text>
                </Table.Td>
                <Table.Td>
                  <RuleCondition rule={tr.rule} fields={fields} states={states} testId="process-trigger-condition"
                    onSave={(rule) => run(() => saveTrigger(tr.id, { rule }))} />
                </Table.Td>
                <Table.Td>
                  <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('deal.editor.delete')} onClick={() => void run(() => dropTrigger(tr.id))}>
                    <IconTrash size={14} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group gap="xs" align="flex-end">
        <TextInput size="xs" label={t('deal.editor.triggerName')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="process-trigger-name" />
        <Select size="xs" w={170} label={t('deal.editor.when')} allowDeselect={false} value={type} onChange={(v) => v && setType(v)} data-testid="process-trigger-type"
          data={['auto', 'button'].map((v) => ({ value: v, label: t(`deal.editor.triggerType.${v}`) }))} />
        <MultiSelect size="xs" w={200} label={t('deal.editor.states')} data={states.map((s) => ({ value: s.id, label: s.name }))} value={where} onChange={setWhere}
          data-testid="process-trigger-states" />
        <Select size="xs" w={170} label={t('deal.editor.actions')} allowDeselect={false} value={action} onChange={(v) => v && setAction(v)} data-testid="process-trigger-action"
          data={ACTIONS.map((a) => ({ value: a, label: t(`deal.editor.action.${a}`) }))} />
        <TextInput size="xs" w={240} label={t(`deal.editor.arg.${action}`)} value={arg} onChange={(e) => setArg(e.currentTarget.value)} data-testid="process-trigger-arg" />
        <Button size="xs" onClick={() => void add()} data-testid="process-trigger-add">
          {t('deal.editor.addTrigger')}
        </Button>
      </Group>
    </Stack>
  );
}
