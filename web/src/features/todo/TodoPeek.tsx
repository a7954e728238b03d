// A to-do opened from the calendar: when and where, who is invited and
// what each answered, who is busy at that time, and the user's own
// answer to give when invited. The full card is one link away.
import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../data/api';
import type { Entity, Link } from '../../data/types';
import { LinkName } from '../../fields/link/LinkName';
import { answerInvite } from './todoApi';
import { formatSpan } from './format';
import { spanOf } from './when';

const FIELDS = ['name', 'when', 'category', 'place', 'responsible', 'participants', 'possibleActions', 'busyParticipants'];
const statusColor: Record<string, string> = { accepted: 'green', rejected: 'red', requested: 'gray' };

interface Participant {
  id: string;
  subject: Link;
  status: string;
}

export default function TodoPeek({ id, onClose, onChanged }: { id: string; onClose(): void; onChanged(): void }) {
  const { t, i18n } = useTranslation();
  const [todo, setTodo] = useState<Entity | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.get<Entity>(`todo/${id}`, { fields: FIELDS }, { batch: false }).then(
      (r) => setTodo(r.data),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, [id]);

  const answer = (accept: boolean) => {
    setBusy(true);
    answerInvite(id, accept).then(
      (r) => {
        setTodo({ ...todo, ...r });
        setBusy(false);
        onChanged();
      },
      (e: unknown) => {
        setBusy(false);
        setError(e instanceof Error ? e.message : String(e));
      },
    );
  };

  const acts = (todo?.possibleActions as string[] | undefined) ?? [];
  const span = todo ? spanOf(todo) : null;
  const people = (todo?.participants as Participant[] | undefined) ?? [];
  const busyPeople = (todo?.busyParticipants as Link[] | undefined) ?? [];
  const place = todo?.place as Link | null | undefined;
  return (
    <Modal opened onClose={onClose} title={todo ? String(todo.name) : t('todo.peek.loading')} data-testid="todo-peek">
      {!todo && !error && <Loader size="sm" />}
      {error && <Alert color="red">{error}</Alert>}
      {todo && (
        <Stack gap="sm">
          {span && <Text size="sm">{formatSpan(span, i18n.language)}</Text>}
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
          <Group justify="space-between">
            <Anchor component={RouterLink} to={`/event/${id}/card`} size="sm">{t('todo.peek.open')}</Anchor>
            <Group gap="xs">
              {acts.includes('act_reject_invite') && (
                <Button variant="default" loading={busy} onClick={() => answer(false)} data-testid="todo-reject">{t('todo.invite.reject')}</Button>
              )}
              {acts.includes('act_accept_invite') && (
                <Button loading={busy} onClick={() => answer(true)} data-testid="todo-accept">{t('todo.invite.accept')}</Button>
              )}
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
