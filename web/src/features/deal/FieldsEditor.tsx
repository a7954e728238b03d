// The process editor's own fields: the extra deal fields this program's
// deals have and others' do not. Added with a name and a kind, renamed in
// place, made required (for this program's deals only), deleted (their values stay stored, unreachable: docs/api.md).
// Fields of every program are listed apart, read-only here.
import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, addProgramField, deleteField, enumValues, isOwnField, saveField, type ProgramField } from './programFields';

export function FieldsEditor({ programId, fields, run }: {
  programId: string;
  fields: ProgramField[];
  run(work: () => Promise<unknown>): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [kind, setKind] = useState('StringField');
  const [values, setValues] = useState('');
  const isEnum = kind === 'EnumField';
  const own = fields.filter((f) => isOwnField(f, programId));
  const common = fields.filter((f) => !f.owner);
  const kinds = FIELD_TYPES.map((v) => ({ value: v, label: t(`deal.editor.fields.kind.${v}`) }));
  // A deleted field's values stay stored but no screen reaches them again.
  const drop = (f: ProgramField) =>
    modals.openConfirmModal({
      title: t('deal.editor.fields.deleteTitle'),
      children: <Text size="sm">{t('deal.editor.fields.confirmDelete', { name: f.hrName })}</Text>,
      labels: { confirm: t('deal.editor.delete'), cancel: t('deal.editor.fields.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'process-field-delete-confirm' } as Record<string, unknown>,
      onConfirm: () => void run(() => deleteField(f.id)),
    });
  const ready = name.trim() !== '' && (!isEnum || enumValues(values).length > 0);
  const add = () =>
    ready &&
    run(async () => {
      await addProgramField(programId, kind, name.trim(), enumValues(values));
      setName('');
      setValues('');
    });
  return (
    <Stack gap="xs">
      <Table data-testid="process-fields" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('deal.editor.fields.name')}</Table.Th>
            <Table.Th>{t('deal.editor.fields.kindLabel')}</Table.Th>
            <Table.Th>{t('deal.editor.fields.required')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {own.map((f) => (
            <Table.Tr key={f.id} data-testid="process-field" data-name={f.hrName}>
              <Table.Td>
                <TextInput size="xs" defaultValue={f.hrName} aria-label={t('deal.editor.fields.name')}
                  onBlur={(e) => e.currentTarget.value.trim() && e.currentTarget.value !== f.hrName && void run(() => saveField(f, { hrName: e.currentTarget.value.trim() }))} />
              </Table.Td>
              <Table.Td>
                {FIELD_TYPES.includes(f.contentType) ? t(`deal.editor.fields.kind.${f.contentType}`) : f.contentType}
                {f.enumValues && f.enumValues.length > 0 && <Text size="xs" c="dimmed">{f.enumValues.join(', ')}</Text>}
              </Table.Td>
              <Table.Td>
                <Checkbox checked={f.isRequired} aria-label={t('deal.editor.fields.required')} data-testid="process-field-required"
                  onChange={(e) => void run(() => saveField(f, { isRequired: e.currentTarget.checked }))} />
              </Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={t('deal.editor.delete')} data-testid="process-field-delete"
                  onClick={() => drop(f)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {own.length === 0 && <Text size="sm" c="dimmed">{t('deal.editor.fields.none')}</Text>}
      {common.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="process-fields-common">
          {t('deal.editor.fields.common', { names: common.map((f) => f.hrName).join(', ') })}
        </Text>
      )}
      <Group gap="xs">
        <TextInput size="xs" value={name} onChange={(e) => setName(e.currentTarget.value)} placeholder={t('deal.editor.fields.newName')}
          data-testid="process-field-name" onKeyDown={(e) => e.key === 'Enter' && void add()} />
        <Select size="xs" data={kinds} value={kind} allowDeselect={false} onChange={(v) => v && setKind(v)} aria-label={t('deal.editor.fields.kindLabel')}
          data-testid="process-field-kind" />
        {isEnum && (
          <TextInput size="xs" w={260} value={values} onChange={(e) => setValues(e.currentTarget.value)} placeholder={t('deal.editor.fields.values')}
            data-testid="process-field-values" />
        )}
        <Button size="xs" disabled={!ready} onClick={() => void add()} data-testid="process-field-add">
          {t('deal.editor.fields.add')}
        </Button>
      </Group>
    </Stack>
  );
}
