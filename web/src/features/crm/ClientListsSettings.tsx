// /settings/crm/lists: the administrator's client types and statuses
// (docs/crm.md "Client types and statuses"): added, renamed, a type's kind
// chosen, a type's field lists picked, moved up and down, and deleted;
// one that clients have is deleted only once the administrator names where
// they move.
import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, MultiSelect, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconListDetails, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useSession } from '../../app/session';
import { TYPE_FIELD_LISTS, TYPE_FIELD_OPTIONS, TYPE_KINDS, addItem, changeItem, move, removeItem, useClientList, type ListItem, type ListKind } from './clientLists';

function NameInput({ kind, item }: { kind: ListKind; item: ListItem }) {
  const { t } = useTranslation();
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string | undefined>();
  const save = async () => {
    if (name.trim() === item.name) return;
    try {
      await changeItem(kind, item.id, { name: name.trim() });
      setError(undefined);
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  return (
    <TextInput value={name} onChange={(e) => setName(e.currentTarget.value)} onBlur={() => void save()} error={error}
      onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()} aria-label={t('crm.lists.name')} data-testid="client-list-name" />
  );
}

function DeleteDialog({ kind, item, items, onClose }: { kind: ListKind; item: ListItem; items: ListItem[]; onClose(): void }) {
  const { t } = useTranslation();
  const [to, setTo] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await removeItem(kind, item.id, to ?? undefined);
      onClose();
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('crm.lists.deleteTitle', { name: item.name })}>
      <Stack>
        <Select label={t('crm.lists.moveTo')} description={t('crm.lists.moveToHint')} clearable value={to} onChange={setTo}
          data={items.filter((i) => i.id !== item.id).map((i) => ({ value: i.id, label: i.name }))} data-testid="client-list-move-to" />
        {error && <Alert color="red" data-testid="client-list-error">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('crm.card.cancel')}</Button>
          <Button color="red" loading={busy} onClick={() => void remove()} data-testid="client-list-delete-confirm">{t('crm.lists.delete')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** TypeFieldsDialog edits a client type's field lists, each saved as it changes. */
function TypeFieldsDialog({ item, onClose }: { item: ListItem; onClose(): void }) {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const options = TYPE_FIELD_OPTIONS.map((f) => ({ value: f, label: t(`crm.lists.field.${f}`) }));
  return (
    <Modal opened onClose={onClose} title={t('crm.lists.fieldsTitle', { name: item.name })}>
      <Stack>
        {TYPE_FIELD_LISTS.map((list) => (
          <MultiSelect key={list} label={t(`crm.lists.fieldLists.${list}`)} data={options} value={item[list] ?? []} data-testid={`client-type-${list}`}
            placeholder={item[list]?.length ? undefined : t('crm.lists.noFields')}
            onChange={(v) => void changeItem('type', item.id, { [list]: v }).then(() => setError(''), (err: unknown) => setError(errorText(err, t)))} />
        ))}
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="client-type-fields-close">{t('crm.lists.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ListSection({ kind }: { kind: ListKind }) {
  const { t } = useTranslation();
  const items = useClientList(kind);
  const [name, setName] = useState('');
  const [typeKind, setTypeKind] = useState<string>('client');
  const [deleting, setDeleting] = useState<ListItem | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const fail = (err: unknown) => notifications.show({ color: 'red', title: t('crm.lists.failed'), message: errorText(err, t) });
  const add = async () => {
    try {
      await addItem(kind, name.trim(), typeKind);
      setName('');
    } catch (err) {
      fail(err);
    }
  };
  const kinds = TYPE_KINDS.map((k) => ({ value: k, label: t(`crm.lists.kind.${k}`) }));
  return (
    <Stack gap="xs" data-testid={`client-list-${kind}`}>
      <Title order={3} size="h4">{t(kind === 'type' ? 'crm.lists.types' : 'crm.lists.statuses')}</Title>
      {items.length === 0 && <Text size="sm" c="dimmed">{t('crm.lists.empty')}</Text>}
      {items.length > 0 && (
        <Table>
          <Table.Tbody>
            {items.map((item, i) => (
              <Table.Tr key={item.id} data-testid="client-list-item">
                <Table.Td><NameInput key={item.name} kind={kind} item={item} /></Table.Td>
                {kind === 'type' && (
                  <Table.Td w={200}>
                    <Select data={kinds} value={item.type ?? null} aria-label={t('crm.lists.kindLabel')}
                      onChange={(v) => v && void changeItem(kind, item.id, { type: v }).catch(fail)} />
                  </Table.Td>
                )}
                <Table.Td w={150}>
                  <Group gap={4} wrap="nowrap">
                    {kind === 'type' && (
                      <ActionIcon variant="subtle" aria-label={t('crm.lists.fields')} onClick={() => setEditing(item.id)}
                        data-testid="client-type-fields"><IconListDetails size={16} /></ActionIcon>
                    )}
                    <ActionIcon variant="subtle" disabled={i === 0} aria-label={t('crm.lists.up')} onClick={() => void move(kind, items, i, -1).catch(fail)}
                      data-testid="client-list-up"><IconArrowUp size={16} /></ActionIcon>
                    <ActionIcon variant="subtle" disabled={i === items.length - 1} aria-label={t('crm.lists.down')}
                      onClick={() => void move(kind, items, i, 1).catch(fail)} data-testid="client-list-down"><IconArrowDown size={16} /></ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={t('crm.lists.delete')} onClick={() => setDeleting(item)}
                      data-testid="client-list-delete"><IconTrash size={16} /></ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group gap="xs" align="flex-end">
        <TextInput label={t('crm.lists.new')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="client-list-new"
          onKeyDown={(e) => e.key === 'Enter' && name.trim() && void add()} />
        {kind === 'type' && <Select label={t('crm.lists.kindLabel')} data={kinds} value={typeKind} onChange={(v) => setTypeKind(v ?? 'client')} w={200} />}
        <Button leftSection={<IconPlus size={16} />} disabled={!name.trim()} onClick={() => void add()} data-testid="client-list-add">{t('crm.lists.add')}</Button>
      </Group>
      {deleting && <DeleteDialog kind={kind} item={deleting} items={items} onClose={() => setDeleting(null)} />}
      {editing && items.some((i) => i.id === editing) && (
        <TypeFieldsDialog item={items.find((i) => i.id === editing)!} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

export default function ClientListsSettings() {
  const { t } = useTranslation();
  const admin = useSession().currentUser.isAdmin === true;
  return (
    <Stack gap="xl" p="md" maw={760} data-testid="client-lists-settings">
      <Title order={2}>{t('crm.lists.title')}</Title>
      {admin ? (
        <>
          <ListSection kind="type" />
          <ListSection kind="status" />
        </>
      ) : (
        <Text c="dimmed">{t('crm.lists.adminOnly')}</Text>
      )}
    </Stack>
  );
}
