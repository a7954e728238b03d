// Rights per state in the process editor (docs/deal.md "Rights per
// state"): who may change a deal while it is in the state (programme
// roles and/or employees, departments, groups) and which fields nobody
// but an administrator changes there. Edited in a dialog (the people
// picker's list lies outside it, which a popover would take for a click
// away), saved at once.
import { useState } from 'react';
import { Button, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldInfo } from '../../data/catalog';
import { LinksEditor } from '../../fields/links';
import type { StateInfo } from './dealApi';
import { saveStateRights } from './processApi';
import { ROLES, type Link } from './ruleModel';

/** Deal fields a state may make read-only (the server takes every writable one). */
export const LOCKABLE = ['price', 'cost', 'contractor', 'contact', 'manager', 'name', 'description', 'positions'];

const editorsField: FieldInfo = {
  name: 'editors', label: '', kind: 'links', targets: ['Employee', 'Department', 'Group'], sortable: false, readOnly: false, required: false, writeOnly: false,
};

export function StateRights({ state, run }: { state: StateInfo; run(work: () => Promise<unknown>): Promise<unknown> }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [roles, setRoles] = useState<string[]>(state.editRoles ?? []);
  const [editors, setEditors] = useState<Link[]>(state.editors ?? []);
  const [readOnly, setReadOnly] = useState<string[]>(state.readOnlyFields ?? []);
  const open = () => {
    // Start from what is saved: an earlier, unsaved edit is dropped.
    setRoles(state.editRoles ?? []);
    setEditors(state.editors ?? []);
    setReadOnly(state.readOnlyFields ?? []);
    setOpened(true);
  };
  const save = () => {
    setOpened(false);
    void run(() => saveStateRights(state.id, { editRoles: roles, editors, readOnlyFields: readOnly }));
  };
  const limited = (state.editRoles?.length ?? 0) + (state.editors?.length ?? 0) > 0;
  const locked = state.readOnlyFields?.length ?? 0;
  const summary = [limited ? t('deal.editor.rights.limited') : t('deal.editor.rights.anyone'), locked ? t('deal.editor.rights.locked', { count: locked }) : '']
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <Button size="compact-xs" variant="subtle" leftSection={limited || locked ? <IconLock size={12} /> : undefined} onClick={open} data-testid="process-state-rights">
        {summary}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('deal.editor.rights.title') + ': ' + state.name}>
        <Stack gap="xs">
          <Text size="xs" c="dimmed" data-testid="process-state-rights-hint">{t('deal.editor.rights.hint')}</Text>
          <MultiSelect size="xs" label={t('deal.editor.rights.roles')} value={roles} onChange={setRoles}
            data={ROLES.map((r) => ({ value: r, label: t(`deal.editor.role.${r}`) }))} data-testid="process-state-rights-roles" />
          <LinksEditor field={editorsField} label={t('deal.editor.rights.people')} value={editors} onChange={(v) => setEditors((v ?? []) as Link[])} />
          <MultiSelect size="xs" label={t('deal.editor.rights.readOnly')} value={readOnly} onChange={setReadOnly}
            data={LOCKABLE.map((f) => ({ value: f, label: t(`deal.editor.field.${f}`) }))} data-testid="process-state-rights-readonly" />
          <Button size="xs" onClick={save} data-testid="process-state-rights-save" style={{ alignSelf: 'flex-start' }}>
            {t('deal.editor.rights.save')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
