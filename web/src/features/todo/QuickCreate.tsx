// The quick form a drag over empty calendar time opens: what, which
// kind, where, and whom to invite; the time is the one dragged over.
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import type { FieldInfo } from '../../data/catalog';
import type { Link } from '../../data/types';
import { LinkName } from '../../fields/link/LinkName';
import { LinksEditor } from '../../fields/links';
import { busyPeople, createTodo, type Category } from './todoApi';
import { formatSpan } from './format';
import type { Span } from './when';

const inviteesField: FieldInfo = {
  name: 'participants', kind: 'links', label: '', sortable: false, readOnly: false, required: false, writeOnly: false, targets: ['Employee'],
};

export default function QuickCreate({ span, categories, onClose, onSaved }: { span: Span; categories: Category[]; onClose(): void; onSaved(): void }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [name, setName] = useState('');
  const [category, setCategory] = useState<string | null>('meeting');
  const [place, setPlace] = useState('');
  const [invitees, setInvitees] = useState<Link[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const me: Link = { contentType: 'Employee', id: String(session.currentUser.id) };
  const [busy, setBusyPeople] = useState<Link[]>([]);
  const meId = me.id;
  // Who is taken at that time, asked again as people are added.
  useEffect(() => {
    const ctl = new AbortController();
    busyPeople(span, [{ contentType: 'Employee', id: meId }, ...invitees], ctl.signal).then(setBusyPeople, () => setBusyPeople([]));
    return () => ctl.abort();
  }, [span, invitees, meId]);

  const save = () => {
    if (!name.trim()) return setError(t('todo.create.nameRequired'));
    setSaving(true);
    createTodo({ name, category, place, span, participants: invitees }, me).then(onSaved, (e: unknown) => {
      setSaving(false);
      setError(e instanceof Error ? e.message : String(e));
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('todo.create.title')} data-testid="todo-create">
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="todo-create-when">{formatSpan(span, i18n.language)}</Text>
        <TextInput label={t('todo.field.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus data-testid="todo-create-name" />
        <Select
          label={t('todo.field.category')}
          data={categories.map((c) => ({ value: c.id, label: c.name }))}
          value={category}
          onChange={setCategory}
          allowDeselect={false}
          data-testid="todo-create-category"
        />
        <TextInput label={t('todo.field.place')} value={place} onChange={(e) => setPlace(e.currentTarget.value)} />
        <div data-testid="todo-create-invitees">
          <LinksEditor field={inviteesField} label={t('todo.field.participants')} value={invitees} onChange={(v) => setInvitees(v ?? [])} />
        </div>
        {busy.length > 0 && (
          <Alert color="yellow" data-testid="todo-create-busy">
            {t('todo.peek.busy')}{' '}
            {busy.map((l, i) => (
              <span key={`${l.contentType}${l.id}`}>
                {i > 0 && ', '}
                <LinkName link={l} />
              </span>
            ))}
          </Alert>
        )}
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('todo.create.cancel')}</Button>
          <Button onClick={save} loading={saving} data-testid="todo-create-save">{t('todo.create.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
