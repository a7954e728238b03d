// Saved client filters of the user's own (CrmFilter, docs/crm.md "Client
// filters"): made from the list (prefilled "name contains" the search
// box's text), their name and conditions changed, and deleted. The
// conditions are filterConditions.ts's; saved filters appear among the
// built-in ones with their counts.
import { useState } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { api } from '../../data/api';
import type { FieldInfo } from '../../data/catalog';
import { LinksEditor } from '../../fields/links';
import { linkTo, useClientList, type ListKind } from './clientLists';
import { NO_CONDITIONS, fromConfig, isEmpty, toConfig, type Conditions } from './filterConditions';

const linksField = (name: string, targets: string[]): FieldInfo => ({
  name, kind: 'links', label: '', sortable: false, readOnly: false, required: false, writeOnly: false, targets,
});
const RESPONSIBLES = linksField('responsibles', ['Employee']);
const TAGS = linksField('tags', ['Tag']);

/** ListPicker chooses client types or statuses, any of which a client may have. */
function ListPicker({ kind, value, onChange }: { kind: ListKind; value: { id: string }[]; onChange(v: ReturnType<typeof linkTo>[]): void }) {
  const { t } = useTranslation();
  const items = useClientList(kind);
  return (
    <MultiSelect label={t(kind === 'type' ? 'crm.savedFilter.types' : 'crm.savedFilter.statuses')} data={items.map((i) => ({ value: i.id, label: i.name }))}
      value={value.map((l) => String(l.id))} onChange={(ids) => onChange(ids.map((id) => linkTo(kind, id)))} clearable
      data-testid={kind === 'type' ? 'crm-filter-types' : 'crm-filter-statuses'} />
  );
}

interface Draft {
  title: string;
  conditions: Conditions;
}

/** FilterEditor is the form of a filter's name and conditions; id is the saved filter changed, none for a new one. */
function FilterEditor({ id, start, onClose, onSaved }: { id?: string; start: Draft; onClose(): void; onSaved(id: string): void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(start.title);
  const [c, setC] = useState(start.conditions);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const set = (patch: Partial<Conditions>) => setC((prev) => ({ ...prev, ...patch }));
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      const body = { contentType: 'CrmFilter', title: title.trim(), config: toConfig(c) };
      const env = await api.post<{ id: string }>(id ? `crmFilter/${id}` : 'crmFilter', body);
      onSaved(String(env.data.id ?? id));
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t(id ? 'crm.savedFilter.editTitle' : 'crm.savedFilter.title')} size="lg">
      <Stack>
        <TextInput label={t('crm.savedFilter.name')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} data-testid="crm-filter-title" required />
        <TextInput label={t('crm.savedFilter.contains')} value={c.nameContains} onChange={(e) => set({ nameContains: e.currentTarget.value })}
          data-testid="crm-filter-contains" />
        <div data-testid="crm-filter-responsibles">
          <LinksEditor field={RESPONSIBLES} label={t('crm.savedFilter.responsibles')} value={c.responsibles} onChange={(v) => set({ responsibles: v ?? [] })} />
        </div>
        <div data-testid="crm-filter-tags">
          <LinksEditor field={TAGS} label={t('crm.savedFilter.tags')} value={c.tags} onChange={(v) => set({ tags: v ?? [] })} />
        </div>
        <SimpleGrid cols={2}>
          <ListPicker kind="type" value={c.types} onChange={(v) => set({ types: v })} />
          <ListPicker kind="status" value={c.statuses} onChange={(v) => set({ statuses: v })} />
        </SimpleGrid>
        <SimpleGrid cols={2}>
          <TextInput type="date" label={t('crm.savedFilter.createdFrom')} value={c.createdFrom} onChange={(e) => set({ createdFrom: e.currentTarget.value })}
            data-testid="crm-filter-created-from" />
          <TextInput type="date" label={t('crm.savedFilter.createdTo')} value={c.createdTo} onChange={(e) => set({ createdTo: e.currentTarget.value })}
            data-testid="crm-filter-created-to" />
        </SimpleGrid>
        {c.other.length > 0 && (
          <Text size="xs" c="dimmed" data-testid="crm-filter-other">
            {t('crm.savedFilter.other', { count: c.other.length })}
          </Text>
        )}
        {error && <Alert color="red" data-testid="crm-filter-error">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('crm.card.cancel')}</Button>
          <Button onClick={() => void save()} loading={busy} disabled={!title.trim() || isEmpty(c)} data-testid="crm-filter-create">
            {t('crm.savedFilter.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** SaveFilterButton saves a new filter, its name and "name contains" prefilled from the search box. */
export function SaveFilterButton({ q, onSaved }: { q: string; onSaved(id: string): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const start = { title: q.trim(), conditions: { ...NO_CONDITIONS, nameContains: q.trim() } };
  return (
    <>
      <Button size="xs" variant="subtle" leftSection={<IconDeviceFloppy size={14} />} onClick={() => setOpen(true)} data-testid="crm-filter-save">
        {t('crm.savedFilter.save')}
      </Button>
      {open && <FilterEditor start={start} onClose={() => setOpen(false)} onSaved={(id) => { setOpen(false); onSaved(id); }} />}
    </>
  );
}

/** EditFilterButton opens the saved filter shown, as saved, to change its name and conditions. */
export function EditFilterButton({ id, onSaved }: { id: string; onSaved(): void }) {
  const { t } = useTranslation();
  const [start, setStart] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const f = (await api.get<{ title?: string; config?: unknown }>(`crmFilter/${id}`, undefined, { batch: false })).data;
      setStart({ title: f.title ?? '', conditions: fromConfig(f.config) });
    } catch (err) {
      notifications.show({ color: 'red', message: errorText(err, t) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="xs" variant="subtle" leftSection={<IconPencil size={14} />} loading={busy} onClick={() => void open()} data-testid="crm-filter-edit">
        {t('crm.savedFilter.edit')}
      </Button>
      {start && <FilterEditor id={id} start={start} onClose={() => setStart(null)} onSaved={() => { setStart(null); onSaved(); }} />}
    </>
  );
}

export function DeleteFilterButton({ id, onDeleted }: { id: string; onDeleted(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await api.delete(`crmFilter/${id}`);
      onDeleted();
    } catch (err) {
      notifications.show({ color: 'red', message: errorText(err, t) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} loading={busy} onClick={() => void remove()} data-testid="crm-filter-delete">
      {t('crm.savedFilter.delete')}
    </Button>
  );
}
