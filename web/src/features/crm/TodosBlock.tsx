// A client's to-dos on the card (GET …/{id}/todos: those whose relations
// name the client), each with its status and day, and a short form adding
// one about the client (POST …/{id}/todos) for the user to do; tabs for
// those to do, finished and all, each ticked off here, more on demand.
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { cardPath } from '../../app/paths';
import { useSession } from '../../app/session';
import { api } from '../../data/api';
import { typeEndpoint } from '../../data/catalog';
import { useList } from '../../data/hooks';
import { reloadLists } from '../../data/lists';
import type { Entity } from '../../data/types';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { todoAction } from '../todo/todoApi';
import { spanOf } from '../todo/when';

const SHOWN = 20;

/** The card's tabs, as the reference's list parameters. */
const TABS = { actual: { finished: false }, finished: { finished: true }, all: { all: true } } as const;
type Tab = keyof typeof TABS;

/** dayBody is a yyyy-mm-dd day as a whole-day when (0-based month, the reference's DateOnly). */
function dayBody(day: string) {
  const [y, m, d] = day.split('-').map(Number);
  const date = { contentType: 'DateOnly', year: y, month: m - 1, day: d };
  return { contentType: 'IntervalDates', from: date, to: date };
}

function TodoRow({ todo, onError }: { todo: Entity; onError(message: string): void }) {
  const { t, i18n } = useTranslation();
  const span = spanOf(todo);
  const done = isLink(todo.status) && todo.status.id !== 'scheduled';
  const canFinish = Array.isArray(todo.possibleActions) && todo.possibleActions.includes('act_finish');
  const [busy, setBusy] = useState(false);
  const finish = async () => {
    setBusy(true);
    try {
      await todoAction(String(todo.id), 'TodoFinishActionRequest');
      reloadLists('Todo');
    } catch (err) {
      onError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap" data-testid="client-todo">
      <Checkbox size="xs" checked={done} disabled={done || !canFinish || busy} aria-label={t('crm.todos.finish')}
        onChange={() => void finish()} data-testid="client-todo-finish" />
      <Anchor component={RouterLink} to={cardPath({ contentType: 'Todo', id: String(todo.id) })} size="sm" lineClamp={1} td={done ? 'line-through' : undefined}>
        {typeof todo.name === 'string' ? todo.name : ''}
      </Anchor>
      {span && (
        <Text size="xs" c="dimmed">
          {span.start.toLocaleDateString(i18n.language)}
        </Text>
      )}
      {done && <Badge size="xs" variant="light" color="gray">{t('crm.todos.done')}</Badge>}
      {isLink(todo.responsible) && (
        <Text size="xs" c="dimmed" component="div">
          <LinkName link={todo.responsible} />
        </Text>
      )}
    </Group>
  );
}

export function TodosBlock({ client }: { client: Entity }) {
  const { t } = useTranslation();
  const session = useSession();
  const endpoint = `${typeEndpoint(client.contentType)}/${client.id}/todos`;
  const [tab, setTab] = useState<Tab>('actual');
  const list = useList({ contentType: 'Todo', endpoint, limit: SHOWN, fields: ['name', 'when', 'status', 'responsible', 'possibleActions'], params: TABS[tab] });
  const [name, setName] = useState('');
  const [day, setDay] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  const add = async () => {
    if (!name.trim()) return setError(t('crm.todos.nameRequired'));
    setSaving(true);
    setError('');
    try {
      const body: Record<string, unknown> = { contentType: 'Todo', name: name.trim(), responsible: { contentType: 'Employee', id: String(session.currentUser.id) } };
      if (day) body.when = dayBody(day);
      await api.post(endpoint, body);
      setName('');
      setDay('');
      // Every to-do list shown, this block's among them.
      reloadLists('Todo');
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="client-todos">
      <Title order={5}>
        {t('crm.todos.title')}
        {list.count !== undefined ? ` · ${list.count}` : ''}
      </Title>
      <SegmentedControl size="xs" value={tab} onChange={(v) => setTab(v as Tab)} data-testid="client-todo-tabs"
        data={(Object.keys(TABS) as Tab[]).map((k) => ({ value: k, label: t(`crm.todos.tabs.${k}`) }))} />
      {list.state === 'completed' && list.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('crm.todos.none')}
        </Text>
      )}
      {list.items.map((todo) => (
        <TodoRow key={String(todo.id)} todo={todo} onError={setError} />
      ))}
      {list.hasMoreNext && (
        <Button size="xs" variant="subtle" loading={list.nextState === 'pending'} onClick={list.loadNext} data-testid="client-todo-more">
          {t('crm.todos.more')}
        </Button>
      )}
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          void add();
        }}
      >
        <Group gap="xs" align="flex-start">
          <TextInput size="xs" placeholder={t('crm.todos.name')} aria-label={t('crm.todos.name')} value={name}
            onChange={(e) => setName(e.currentTarget.value)} data-testid="client-todo-name" style={{ flex: 1 }} />
          <TextInput size="xs" type="date" aria-label={t('crm.todos.day')} value={day} onChange={(e) => setDay(e.currentTarget.value)}
            data-testid="client-todo-day" />
          <Button size="xs" type="submit" loading={saving} data-testid="client-todo-add">
            {t('crm.todos.add')}
          </Button>
        </Group>
      </form>
      {error && <Alert color="red" data-testid="client-todo-error">{error}</Alert>}
    </Stack>
  );
}
