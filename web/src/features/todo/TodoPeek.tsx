// A to-do opened from the calendar, in a dialog; the full card is one
// link away.
import { Alert, Anchor, Loader, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import TodoDetails, { useTodo } from './TodoDetails';

export default function TodoPeek({ id, onClose, onChanged }: { id: string; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation();
  const { todo, setTodo, error } = useTodo(id);
  return (
    <Modal opened onClose={onClose} title={todo ? String(todo.name) : t('todo.peek.loading')} data-testid="todo-peek">
      {!todo && !error && <Loader size="sm" />}
      {error && <Alert color="red">{error}</Alert>}
      {todo && (
        <Stack gap="sm">
          <TodoDetails
            todo={todo}
            onChanged={(next) => {
              setTodo(next);
              onChanged();
            }}
          />
          <Anchor component={RouterLink} to={`/event/${id}/card`} size="sm">{t('todo.peek.open')}</Anchor>
        </Stack>
      )}
    </Modal>
  );
}
