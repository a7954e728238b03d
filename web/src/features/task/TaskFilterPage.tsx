// /task/filter/{filterId?}/{contentType?}/{taskId?}: the filter panel, the
// tasks of the chosen filter as a list, a project tree or a kanban, and a
// task or project opened beside them when the address names one.
import { Box, Button, Group, Stack, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconLayoutKanban, IconList, IconPlus, IconSitemap } from '@tabler/icons-react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import type { Entity, Link } from '../../data/types';
import EntityListPage from '../entity/EntityListPage';
import { FilterPanel, useTaskFilters } from './FilterPanel';
import { TEMPLATES, filterPath, listFilter, openedType, panelModel } from './filters';
import { Kanban } from './Kanban';
import TaskCardPage from './TaskCardPage';
import { TreeView } from './TreeView';
import { WidgetSlot } from '../integration/widgets/WidgetSlot';

type View = 'list' | 'tree' | 'kanban';
const VIEWS: { id: View; icon: typeof IconList }[] = [
  { id: 'list', icon: IconList },
  { id: 'tree', icon: IconSitemap },
  { id: 'kanban', icon: IconLayoutKanban },
];

function ViewSwitch({ view, onChange }: { view: View; onChange(v: View): void }) {
  const { t } = useTranslation();
  const labels: Record<View, string> = { list: t('task.view.list'), tree: t('task.view.tree'), kanban: t('task.view.kanban') };
  return (
    <Button.Group>
      {VIEWS.map(({ id, icon: Icon }) => (
        <Button key={id} size="xs" variant={view === id ? 'filled' : 'default'} leftSection={<Icon size={14} />} aria-pressed={view === id} onClick={() => onChange(id)} data-testid={`task-view-${id}`}>
          {labels[id]}
        </Button>
      ))}
    </Button.Group>
  );
}

export default function TaskFilterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const { filterId, contentType, taskId } = useParams();
  const [view, setView] = useLocalStorage<View>({ key: 'artel.task.view', defaultValue: 'list', getInitialValueInEffect: false });
  const { filters, error } = useTaskFilters();
  const model = panelModel(filters, filterId, (id) => t('task.filters.untitled', { id }));
  const title = filterId === TEMPLATES ? t('task.filters.templates') : (model.title ?? t('task.title'));
  const filter = listFilter(filterId);
  const me = { id: String(session.currentUser.id), isAdmin: session.isAdmin };
  const open = (l: Link) => navigate(filterPath(filterId, l));
  const opened = taskId ? { contentType: openedType(contentType), id: taskId } : undefined;
  const filterKey = JSON.stringify(filter);

  return (
    <Group align="stretch" wrap="nowrap" gap={0}>
      <FilterPanel model={model} filterId={filterId} error={error} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        <Group justify="space-between" px="md" pt="sm">
          <ViewSwitch view={view} onChange={setView} />
        </Group>
        <WidgetSlot placeholder="task_list" />
        {view === 'list' ? (
          <EntityListPage key={filterKey} contentType="Task" filter={filter} title={title} rowPath={(e: Entity) => filterPath(filterId, e)} addTo="/task/add" />
        ) : (
          <Stack gap="sm" p="md">
            <Group justify="space-between">
              <Title order={2}>{title}</Title>
              <Button component={RouterLink} to="/task/add" leftSection={<IconPlus size={16} />} data-testid="entity-add">
                {t('task.add')}
              </Button>
            </Group>
            {view === 'tree' ? <TreeView key={filterKey} filter={filter} onOpen={open} /> : <Kanban key={filterKey} filter={filter} me={me} onOpen={open} />}
          </Stack>
        )}
      </Stack>
      {opened && (
        <Box w="45%" miw={420} style={{ flexShrink: 0, borderLeft: '1px solid var(--mantine-color-default-border)', maxHeight: '100vh', overflowY: 'auto' }} data-testid="task-beside">
          <TaskCardPage key={`${opened.contentType}:${opened.id}`} contentType={opened.contentType} id={opened.id} onClose={() => navigate(filterPath(filterId))} />
        </Box>
      )}
    </Group>
  );
}
