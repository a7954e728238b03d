// The filters beside the task lists: built-in ones with their live counts,
// the reader's saved ones, and the templates. The counts refresh after
// every change made on this screen.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { api } from '../../data/api';
import { TEMPLATES, filterPath, type PanelItem, type PanelModel, type TaskFilter } from './filters';
import { onTasksChanged } from './taskApi';

/** useTaskFilters reads GET /taskFilter, again whenever work changes here. */
export function useTaskFilters() {
  const [filters, setFilters] = useState<TaskFilter[]>([]);
  const [error, setError] = useState<unknown>();
  const load = useCallback(() => {
    api.get<TaskFilter[]>('taskFilter', undefined, { batch: false }).then(
      (env) => {
        setFilters(Array.isArray(env.data) ? env.data : []);
        setError(undefined);
      },
      (err: unknown) => setError(err),
    );
  }, []);
  useEffect(() => {
    load();
    return onTasksChanged(load);
  }, [load]);
  return { filters, error };
}

function Item({ item }: { item: PanelItem }) {
  return (
    <NavLink
      component={RouterLink}
      to={item.path}
      label={item.title}
      active={item.selected}
      rightSection={item.count !== undefined ? <Badge size="sm" variant="light" color="gray">{item.count}</Badge> : undefined}
      data-testid="task-filter"
      data-id={item.id}
    />
  );
}

export function FilterPanel({ model, filterId, error }: { model: PanelModel; filterId: string | undefined; error: unknown }) {
  const { t } = useTranslation();
  return (
    <ScrollArea w={240} style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-default-border)' }} data-testid="task-filters">
      <Stack gap={2} p="xs">
        <Text size="xs" c="dimmed" fw={600} px="xs" tt="uppercase">
          {t('task.filters.title')}
        </Text>
        {error !== undefined && <Alert color="red">{errorText(error, t)}</Alert>}
        {model.builtIn.map((i) => (
          <Item key={i.id} item={i} />
        ))}
        {model.saved.length > 0 && (
          <>
            <Divider my={6} label={t('task.filters.saved')} labelPosition="left" />
            {model.saved.map((i) => (
              <Item key={i.id} item={i} />
            ))}
          </>
        )}
        <Divider my={6} />
        <Item item={{ id: TEMPLATES, title: t('task.filters.templates'), count: undefined, path: filterPath(TEMPLATES), selected: filterId === TEMPLATES }} />
      </Stack>
    </ScrollArea>
  );
}
