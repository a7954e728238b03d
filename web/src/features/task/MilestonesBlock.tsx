// Milestones of a task or project (report, reminder or note at a date),
// and adding one by whoever may change the record.
import { useState } from 'react';
import { Badge, Button, Collapse, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { errorText } from '../../app/errors/errorText';
import type { FieldInfo } from '../../data/catalog';
import { typeEndpoint } from '../../data/catalog';
import { useList } from '../../data/hooks';
import type { Entity } from '../../data/types';
import { fieldKind } from '../../fields';
import { formatDateTime, isDateTime } from '../../fields/dateTime/convert';
import { actionsOf } from './machine';
import { addMilestone } from './taskApi';

function typeLabel(type: unknown, t: TFunction): string {
  switch (type) {
    case 'report':
      return t('task.milestones.report');
    case 'reminder':
      return t('task.milestones.reminder');
    case 'note':
      return t('task.milestones.note');
  }
  return String(type ?? '');
}

const dateField = (label: string): FieldInfo => ({ name: 'date', kind: 'DateTime', label, sortable: false, readOnly: false, required: true, writeOnly: false });

function AddMilestone({ owner, onAdded }: { owner: Entity; onAdded(): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<string | null>('note');
  const [date, setDate] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const { Editor } = fieldKind('DateTime');
  const submit = async () => {
    setSaving(true);
    try {
      await addMilestone({ contentType: owner.contentType, id: String(owner.id) }, { name, description, type, date });
      setName('');
      setDescription('');
      setDate(null);
      setOpen(false);
      onAdded();
    } catch (err) {
      notifications.show({ color: 'red', title: t('task.milestones.failed'), message: errorText(err, t) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button size="xs" variant="subtle" onClick={() => setOpen((o) => !o)} style={{ alignSelf: 'flex-start' }} data-testid="task-milestone-toggle">
        {t('task.milestones.add')}
      </Button>
      <Collapse expanded={open}>
        <Stack gap="xs" data-testid="task-milestone-form">
          <TextInput size="xs" label={t('task.milestones.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Textarea size="xs" required label={t('task.milestones.description')} autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          <Group grow>
            <Select
              size="xs"
              label={t('task.milestones.type')}
              data={['report', 'reminder', 'note'].map((v) => ({ value: v, label: typeLabel(v, t) }))}
              value={type}
              onChange={setType}
              allowDeselect={false}
            />
            <Editor field={dateField(t('task.milestones.date'))} value={date} onChange={setDate} />
          </Group>
          <Button size="xs" loading={saving} disabled={!description.trim() || !date || !type} onClick={submit} style={{ alignSelf: 'flex-start' }}>
            {t('task.card.save')}
          </Button>
        </Stack>
      </Collapse>
    </>
  );
}

export function MilestonesBlock({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const list = useList({ contentType: 'Milestone', endpoint: `${typeEndpoint(entity.contentType)}/${entity.id}/milestones`, limit: 50 });
  const canAdd = actionsOf(entity).includes('act_edit');
  if (!canAdd && list.items.length === 0) return null;
  return (
    <Stack gap={6} data-testid="task-milestones">
      <Title order={5}>{t('task.milestones.title')}</Title>
      {list.items.map((m) => (
        <Group key={m.id} gap="xs" wrap="nowrap" align="flex-start" data-testid="task-milestone">
          <Badge size="xs" variant="outline">
            {typeLabel(m.type, t)}
          </Badge>
          <Text size="sm" td={m.completed ? 'line-through' : undefined}>
            {[m.name, m.description].filter((x) => typeof x === 'string' && x).join(' — ')}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {isDateTime(m.date) ? formatDateTime(m.date) : ''}
          </Text>
        </Group>
      ))}
      {canAdd && <AddMilestone owner={entity} onAdded={list.reload} />}
    </Stack>
  );
}
