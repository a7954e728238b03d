// The process editor's states: add, rename, recolour, retype, mark an
// entry, move one earlier or later (its order is the kanban's), and
// delete one, naming where its deals go (the server refuses the entry
// state, and a state with deals when none is named); who may change
// deals in it and its read-only fields (StateRights).
import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Popover, Select, Stack, Table, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StateInfo } from './dealApi';
import { addState, dropState, moveState, saveState } from './processApi';
import { StateRights } from './StateRights';

export const COLORS = ['blue', 'cyan', 'teal', 'green', 'yellow', 'orange', 'red', 'grape', 'violet', 'gray'];
export const TYPES = ['active', 'positive', 'negative'];

export function StatesEditor({ programId, states, run }: {
  programId: string;
  states: StateInfo[];
  run(work: () => Promise<unknown>): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [type, setType] = useState('active');
  const types = TYPES.map((v) => ({ value: v, label: t(`deal.result.${v}`) }));
  const add = () =>
    name.trim() &&
    run(async () => {
      await addState(programId, name.trim(), type, states.length === 0);
      setName('');
    });
  return (
    <Stack gap="xs">
      <Table data-testid="process-states" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('deal.editor.stateName')}</Table.Th>
            <Table.Th>{t('deal.editor.type')}</Table.Th>
            <Table.Th>{t('deal.editor.color')}</Table.Th>
            <Table.Th>{t('deal.editor.entry')}</Table.Th>
            <Table.Th>{t('deal.editor.order')}</Table.Th>
            <Table.Th>{t('deal.editor.rights.title')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {states.map((s, i) => (
            <Table.Tr key={s.id} data-testid="process-state" data-name={s.name}>
              <Table.Td>
                <TextInput size="xs" defaultValue={s.name} aria-label={t('deal.editor.stateName')}
                  onBlur={(e) => e.currentTarget.value.trim() && e.currentTarget.value !== s.name && void run(() => saveState(s.id, { name: e.currentTarget.value.trim() }))} />
              </Table.Td>
              <Table.Td>
                <Select size="xs" data={types} value={s.type ?? 'active'} allowDeselect={false} aria-label={t('deal.editor.type')}
                  onChange={(v) => v && void run(() => saveState(s.id, { type: v }))} />
              </Table.Td>
              <Table.Td>
                <Select size="xs" data={COLORS} value={COLORS.includes(s.color ?? '') ? s.color : null} placeholder={s.color} aria-label={t('deal.editor.color')}
                  onChange={(v) => v && void run(() => saveState(s.id, { color: v }))} />
              </Table.Td>
              <Table.Td>
                <Checkbox checked={!!s.isEntry} aria-label={t('deal.editor.entry')} onChange={(e) => void run(() => saveState(s.id, { isEntry: e.currentTarget.checked }))} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon size="sm" variant="subtle" disabled={i === 0} aria-label={t('deal.editor.up')} onClick={() => void run(() => moveState(states, i, -1))}>
                    <IconArrowUp size={14} />
                  </ActionIcon>
                  <ActionIcon size="sm" variant="subtle" disabled={i === states.length - 1} aria-label={t('deal.editor.down')} onClick={() => void run(() => moveState(states, i, 1))}>
                    <IconArrowDown size={14} />
                  </ActionIcon>
                </Group>
              </Table.Td>
              <Table.Td>
                <StateRights state={s} run={run} />
              </Table.Td>
              <Table.Td>
                <DeleteState state={s} states={states} run={run} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group gap="xs">
        <TextInput size="xs" value={name} onChange={(e) => setName(e.currentTarget.value)} placeholder={t('deal.editor.newState')} data-testid="process-state-name"
          onKeyDown={(e) => e.key === 'Enter' && void add()} />
        <Select size="xs" w={140} data={types} value={type} allowDeselect={false} onChange={(v) => v && setType(v)} data-testid="process-state-type" aria-label={t('deal.editor.type')} />
        <Button size="xs" onClick={() => void add()} data-testid="process-state-add">
          {t('deal.editor.addState')}
        </Button>
      </Group>
    </Stack>
  );
}

/** DeleteState asks where the state's deals go, then deletes it. */
function DeleteState({ state, states, run }: { state: StateInfo; states: StateInfo[]; run(work: () => Promise<unknown>): Promise<unknown> }) {
  const { t } = useTranslation();
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const others = states.filter((o) => o.id !== state.id).map((o) => ({ value: o.id, label: o.name }));
  // Closed on confirm: a refusal is shown above the editor, and the icon
  // opens the question afresh.
  const confirm = () => {
    setOpened(false);
    void run(() => dropState(state.id, moveTo));
  };
  return (
    <Popover position="bottom-end" withArrow trapFocus opened={opened} onChange={setOpened}>
      <Popover.Target>
        <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('deal.editor.deleteState')} data-testid="process-state-delete"
          onClick={() => setOpened((o) => !o)}
          disabled={!!state.isEntry} title={state.isEntry ? t('deal.editor.entryNoDelete') : undefined}>
          <IconTrash size={14} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={240}>
          <Select size="xs" label={t('deal.editor.moveDealsTo')} data={others} value={moveTo} onChange={setMoveTo} clearable
            comboboxProps={{ withinPortal: false }} data-testid="process-state-move-to" />
          <Button size="xs" color="red" onClick={confirm} data-testid="process-state-delete-confirm">
            {t('deal.editor.deleteState')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
