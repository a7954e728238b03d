// Saving the list's search as a filter of the user's own (a CrmFilter
// whose config is "name contains …", docs/crm.md "Client filters"), and
// deleting the saved filter shown. Saved filters appear among the
// built-in ones with their counts.
import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { api } from '../../data/api';

/** nameContains is a FilterConfig of one term: the client's name contains the text. */
export function nameContains(text: string) {
  return {
    contentType: 'FilterConfig',
    termGroup: { join: 'and', terms: [{ contentType: 'FilterTermString', field: 'name', comparison: 'contains', value: text }] },
  };
}

export function SaveFilterButton({ q, onSaved }: { q: string; onSaved(id: string): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const start = () => {
    setTitle(q.trim());
    setText(q.trim());
    setError('');
    setOpen(true);
  };
  const save = async () => {
    setBusy(true);
    try {
      const env = await api.post<{ id: string }>('crmFilter', { contentType: 'CrmFilter', title: title.trim(), config: nameContains(text.trim()) });
      setOpen(false);
      onSaved(String(env.data.id));
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="xs" variant="subtle" leftSection={<IconDeviceFloppy size={14} />} onClick={start} data-testid="crm-filter-save">
        {t('crm.savedFilter.save')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('crm.savedFilter.title')}>
        <Stack>
          <TextInput label={t('crm.savedFilter.name')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} data-testid="crm-filter-title" required />
          <TextInput label={t('crm.savedFilter.contains')} value={text} onChange={(e) => setText(e.currentTarget.value)} error={error || undefined}
            data-testid="crm-filter-contains" />
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={busy} disabled={!title.trim() || !text.trim()} data-testid="crm-filter-create">
              {t('crm.savedFilter.create')}
            </Button>
          </Group>
        </Stack>
      </Modal>
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
