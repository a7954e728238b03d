// The deal card's tasks and to-dos: those linked to the deal (a task's
// deals, a to-do's relations), such as the ones its process's scenarios
// make (docs/deal.md, Triggers).
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useList } from '../../data/hooks';
import type { Entity } from '../../data/types';
import { LinkName, isLink } from '../../fields/link/LinkName';

const about = (field: string, dealId: string) => ({
  contentType: 'FilterConfig',
  termGroup: { join: 'and', terms: [{ contentType: 'FilterTermRef', field, comparison: 'equals', value: [{ contentType: 'Deal', id: dealId }] }] },
});

function Rows({ items, testId }: { items: Entity[]; testId: string }) {
  return (
    <Stack gap={4} data-testid={testId}>
      {items.map((e) => (
        <Group key={String(e.id)} gap="xs" wrap="nowrap">
          <Text size="sm" component="div">
            <LinkName link={{ contentType: e.contentType, id: String(e.id) }} />
          </Text>
          {isLink(e.responsible) && (
            <Text size="xs" c="dimmed" component="div">
              <LinkName link={e.responsible} />
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}

export function DealLinked({ dealId }: { dealId: string }) {
  const { t } = useTranslation();
  const tasks = useList({ contentType: 'Task', endpoint: 'task', filter: about('deals', dealId), fields: ['name', 'responsible'], limit: 20 });
  const todos = useList({ contentType: 'Todo', endpoint: 'todo', filter: about('relations', dealId), fields: ['name', 'responsible'], limit: 20 });
  if (tasks.items.length === 0 && todos.items.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Group align="flex-start" grow>
        <Stack gap="xs">
          <Title order={5}>{t('deal.card.tasks')}</Title>
          {tasks.items.length ? <Rows items={tasks.items} testId="deal-tasks" /> : <Text size="sm" c="dimmed">—</Text>}
        </Stack>
        <Stack gap="xs">
          <Title order={5}>{t('deal.card.todos')}</Title>
          {todos.items.length ? <Rows items={todos.items} testId="deal-todos" /> : <Text size="sm" c="dimmed">—</Text>}
        </Stack>
      </Group>
    </Paper>
  );
}
