// /event/{id}/card: a to-do on a page of its own, with its details and
// the user's answer when invited; the calendar is one link away.
import { Alert, Anchor, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { calendarLink } from '../../app/mapping/calendar';
import TodoDetails, { useTodo } from './TodoDetails';
import { spanOf } from './when';

export default function TodoCardPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { todo, setTodo, error } = useTodo(id);
  const span = todo ? spanOf(todo) : null;
  return (
    <Stack gap="md" maw={720} data-testid="todo-card-page">
      <Anchor component={RouterLink} to={calendarLink('week', span?.start ?? new Date())} size="sm">{t('todo.card.calendar')}</Anchor>
      {!todo && !error && <Loader size="sm" />}
      {error && <Alert color="red">{error}</Alert>}
      {todo && (
        <>
          <Title order={2}>{String(todo.name)}</Title>
          <TodoDetails todo={todo} onChanged={setTodo} />
        </>
      )}
    </Stack>
  );
}
