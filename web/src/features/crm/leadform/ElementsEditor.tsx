// A lead form's fields: each fills a field of the client or the deal
// (its name), its own or an extra one, with the caption the page shows
// and whether it must be filled; added at the end, removed with ×.
import { ActionIcon, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../data/types';
import { addElement, extraTargets, removeElement, TARGETS, type Element, type ExtraTarget } from './leadFormApi';

export default function ElementsEditor({ form, saved, elements, onChanged, onError }: {
  form: string; saved: Entity | null; elements: Element[]; onChanged(): void; onError(msg: string): void;
}) {
  const { t } = useTranslation();
  const [extras, setExtras] = useState<ExtraTarget[]>([]);
  useEffect(() => {
    if (saved) extraTargets(saved).then(setExtras, () => setExtras([]));
  }, [saved]);
  const label = (name: string) => extras.find((x) => x.name === name)?.label ?? t(`crm.leadForm.target.${name}`);
  const [name, setName] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  const [required, setRequired] = useState(false);
  const fail = (e: unknown) => onError(e instanceof Error ? e.message : String(e));
  const add = () => {
    if (!name) return;
    const sort = elements.reduce((m, el) => Math.max(m, el.sort ?? 0), 0) + 1;
    addElement(form, { name, caption: caption.trim() || label(name), required, sort }).then(() => {
      setName(null);
      setCaption('');
      setRequired(false);
      onChanged();
    }, fail);
  };
  return (
    <Stack gap="xs" data-testid="lead-form-elements">
      <Text fw={600}>{t('crm.leadForm.fields')}</Text>
      {elements.length > 0 && (
        <Table>
          <Table.Tbody>
            {elements.map((el) => (
              <Table.Tr key={el.id} data-testid="lead-form-element">
                <Table.Td>{el.caption ?? el.name}{el.required ? ' *' : ''}</Table.Td>
                <Table.Td c="dimmed">{label(el.name)}</Table.Td>
                <Table.Td w={40}>
                  <ActionIcon variant="subtle" aria-label={t('crm.leadForm.removeField')} onClick={() => removeElement(form, el.id).then(onChanged, fail)}>
                    <IconX size={14} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="end" gap="xs">
        <Select w={220} label={t('crm.leadForm.fills')} value={name} onChange={setName} searchable data-testid="lead-form-target"
          data={[{ group: t('crm.leadForm.ownFields'), items: TARGETS.map((v) => ({ value: v, label: t(`crm.leadForm.target.${v}`) })) },
            ...(extras.length ? [{ group: t('crm.leadForm.extraFields'), items: extras.map((x) => ({ value: x.name, label: x.label })) }] : [])]} />
        <TextInput label={t('crm.leadForm.caption')} value={caption} onChange={(e) => setCaption(e.currentTarget.value)} data-testid="lead-form-caption" />
        <Checkbox label={t('crm.leadForm.required')} checked={required} onChange={(e) => setRequired(e.currentTarget.checked)} mb={8} />
        <Button variant="light" disabled={!name} onClick={add} data-testid="lead-form-add-field">{t('crm.leadForm.addField')}</Button>
      </Group>
    </Stack>
  );
}
