// A to-do's reminders on its card: each says how long before the start
// it comes (to the responsible, over the notifications and the live
// socket); one is added from a short list or removed. New to-dos get
// the user's default (the calendar's settings) from the server.
import { ActionIcon, Alert, Badge, Group, Select, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../data/types';
import { BEFORE_CHOICES, beforeLabel, saveReminders, type Reminder } from './reminders';

export default function RemindersEditor({ todo, onChanged }: { todo: Entity; onChanged(t: Entity): void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const list = (todo.reminders as Reminder[] | null | undefined) ?? [];
  const canEdit = ((todo.possibleActions as string[] | undefined) ?? []).includes('act_edit');
  const save = (next: Reminder[]) => {
    setError(null);
    saveReminders(String(todo.id), next).then(onChanged, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  const seconds = (r: Reminder) => Number(r.timeBefore?.value ?? 0);
  return (
    <Group gap="xs" data-testid="todo-reminders">
      <Text size="sm" fw={600}>{t('todo.remind.title')}:</Text>
      {list.length === 0 && <Text size="sm" c="dimmed">{t('todo.remind.none')}</Text>}
      {list.map((r, i) => (
        <Badge key={i} variant="light" data-testid="todo-reminder"
          rightSection={canEdit ? (
            <ActionIcon size="xs" variant="transparent" aria-label={t('todo.remind.remove')} onClick={() => save(list.filter((_, j) => j !== i))}>
              <IconX size={10} />
            </ActionIcon>
          ) : undefined}>
          {beforeLabel(seconds(r), t)}
        </Badge>
      ))}
      {canEdit && (
        <Select
          size="xs"
          w={170}
          placeholder={t('todo.remind.add')}
          data={BEFORE_CHOICES.filter((s) => !list.some((r) => seconds(r) === s)).map((s) => ({ value: String(s), label: beforeLabel(s, t) }))}
          value={null}
          onChange={(v) => v && save([...list, { contentType: 'Reminder', transport: 'web', timeBefore: { contentType: 'DateInterval', value: Number(v) } }])}
          data-testid="todo-reminder-add"
        />
      )}
      {error && <Alert color="red">{error}</Alert>}
    </Group>
  );
}
