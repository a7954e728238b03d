// The process editor's transitions: from, to, name, the fields a deal
// must have filled, who may make it and the condition the deal must meet
// (the rule, docs/deal.md).
import { useState } from 'react';
import { ActionIcon, Button, Group, MultiSelect, Select, Stack, Table, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StateInfo } from './dealApi';
import { addTransition, dropTransition, saveTransition, type TransitionInfo } from './processApi';
import { RuleCondition } from './RuleEditor';
import { ROLES, type RuleField } from './ruleModel';

/** Deal fields a transition may require (docs/deal.md, requiredFields). */
export const REQUIRABLE = ['contractor', 'contact', 'price', 'cost', 'description', 'manager', 'positions'];

export function TransitionsEditor({ states, transitions, fields: ruleFields, run }: {
  states: StateInfo[];
  fields: RuleField[];
  transitions: TransitionInfo[];
  run(work: () => Promise<unknown>): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [required, setRequired] = useState<string[]>([]);
  const [allowed, setAllowed] = useState<string[]>([]);
  const stateData = states.map((s) => ({ value: s.id, label: s.name }));
  const fields = REQUIRABLE.map((f) => ({ value: f, label: t(`deal.editor.field.${f}`) }));
  const roles = ROLES.map((r) => ({ value: r, label: t(`deal.editor.role.${r}`) }));
  const nameOf = (id: string) => states.find((s) => s.id === id)?.name ?? id;
  const add = () =>
    from && to &&
    run(async () => {
      await addTransition(name.trim(), from, to, required, allowed);
      setName('');
      setRequired([]);
      setAllowed([]);
    });
  return (
    <Stack gap="xs">
      <Table data-testid="process-transitions" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('deal.editor.from')}</Table.Th>
            <Table.Th>{t('deal.editor.to')}</Table.Th>
            <Table.Th>{t('deal.editor.transitionName')}</Table.Th>
            <Table.Th>{t('deal.editor.required')}</Table.Th>
            <Table.Th>{t('deal.editor.allowed')}</Table.Th>
            <Table.Th>{t('deal.editor.condition')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transitions.map((tr) => (
            <Table.Tr key={tr.id} data-testid="process-transition" data-name={tr.name}>
              <Table.Td>{nameOf(tr.from)}</Table.Td>
              <Table.Td>{nameOf(tr.to)}</Table.Td>
              <Table.Td>{tr.name}</Table.Td>
              <Table.Td>
                <MultiSelect size="xs" data={fields} value={tr.requiredFields} aria-label={t('deal.editor.required')}
                  onChange={(v) => void run(() => saveTransition(tr.id, v, tr.allowed, tr.condition))} />
              </Table.Td>
              <Table.Td>
                <MultiSelect size="xs" data={roles} value={tr.allowed} aria-label={t('deal.editor.allowed')}
                  onChange={(v) => void run(() => saveTransition(tr.id, tr.requiredFields, v, tr.condition))} />
              </Table.Td>
              <Table.Td>
                <RuleCondition rule={tr.condition} fields={ruleFields} states={states} testId="process-transition-condition"
                  onSave={(rule) => run(() => saveTransition(tr.id, tr.requiredFields, tr.allowed, rule))} />
              </Table.Td>
              <Table.Td>
                <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('deal.editor.delete')} onClick={() => void run(() => dropTransition(tr.id))}>
                  <IconTrash size={14} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group gap="xs" align="flex-end">
        <Select size="xs" w={150} label={t('deal.editor.from')} data={stateData} value={from} onChange={setFrom} data-testid="process-transition-from" />
        <Select size="xs" w={150} label={t('deal.editor.to')} data={stateData} value={to} onChange={setTo} data-testid="process-transition-to" />
        <TextInput size="xs" label={t('deal.editor.transitionName')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="process-transition-name" />
        <MultiSelect size="xs" w={200} label={t('deal.editor.required')} data={fields} value={required} onChange={setRequired} data-testid="process-transition-required" />
        <MultiSelect size="xs" w={180} label={t('deal.editor.allowed')} data={roles} value={allowed} onChange={setAllowed} />
        <Button size="xs" disabled={!from || !to} onClick={() => void add()} data-testid="process-transition-add">
          {t('deal.editor.addTransition')}
        </Button>
      </Group>
    </Stack>
  );
}
