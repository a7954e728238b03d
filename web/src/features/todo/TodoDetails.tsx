// A to-do's details, shared by the calendar's peek and the card page:
// when and where, the responsible, the invitees with their answers, who
// is busy at that time, and the user's own answer when invited.
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entity, Link } from '../../data/types';
import { LinkName } from '../../fields/link/LinkName';
import RemindersEditor from './RemindersEditor';
import RepeatEditor from './RepeatEditor';
import TodoActions from './TodoActions';
import { fetchTodo } from './todoApi';
import { formatSpan } from './format';
import { spanOf } from './when';

const statusColor: Record<string, string> = { accepted: 'green', rejected: 'red', requested: 'gray' };

interface Participant {
  id: string;
  subject: Link;
  status: string;
}

/** useTodo loads a to-do with what the details show. */
export function useTodo(id: string) {
  const [todo, setTodo] = useState<Entity | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchTodo(id).then(setTodo, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [id]);
  return { todo, setTodo, error };
}

export default function TodoDetails({ todo, onChanged }: { todo: Entity; onChanged(t: Entity): void }) {
  const { t, i18n } = useTranslation();
  const span = spanOf(todo);
  const people = (todo.participants as Participant[] | undefined) ?? [];
  const busyPeople = (todo.busyParticipants as Link[] | undefined) ?? [];
  const place = todo.place as Link | null | undefined;
  const category = todo.category as { name?: string; color?: string } | null | undefined;
  const status = (todo.status as { masterType?: string } | null | undefined)?.masterType;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        {span && <Text size="sm">{formatSpan(span, i18n.language)}</Text>}
        {category?.name && <Badge variant="light" color={category.color}>{category.name}</Badge>}
        {status && status !== 'scheduled' && <Badge variant="outline" data-testid="todo-status">{t(`todo.status.${status}`)}</Badge>}
      </Group>
      {place && (
        <Text size="sm">
          {t('todo.field.place')}: <LinkName link={place} />
        </Text>
      )}
      {todo.responsible ? (
        <Text size="sm">
          {t('todo.field.responsible')}: <LinkName link={todo.responsible as Link} />
        </Text>
      ) : null}
      {todo.description ? <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{String(todo.description)}</Text> : null}
      {people.length > 0 && (
        <Stack gap={4} data-testid="todo-peek-participants">
          <Text size="sm" fw={600}>{t('todo.field.participants')}</Text>
          {people.map((p) => (
            <Group key={p.id} gap="xs">
              <LinkName link={p.subject} />
              <Badge size="sm" variant="light" color={statusColor[p.status] ?? 'gray'} data-testid={`participant-${p.subject.id}`}>
                {t(`todo.invite.${p.status}`)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
      {busyPeople.length > 0 && (
        <Alert color="yellow" data-testid="todo-peek-busy">
          {t('todo.peek.busy')}{' '}
          {busyPeople.map((l, i) => (
            <span key={l.id}>
              {i > 0 && ', '}
              <LinkName link={l} />
            </span>
          ))}
        </Alert>
      )}
      <RemindersEditor todo={todo} onChanged={onChanged} />
      <RepeatEditor todo={todo} onChanged={onChanged} />
      <TodoActions todo={todo} onChanged={onChanged} />
    </Stack>
  );
}
