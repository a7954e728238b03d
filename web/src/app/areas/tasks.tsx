// Tasks and projects (spec 000 §2 Tasks).
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { allOf, boolIs, savedFilter } from '../mapping/filters';
import { Card, List } from './generic';

/** /task/filter/{filterId?}/{contentType?}/{taskId?}: the list, with a task or project open beside it. */
export function TaskListRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filterId, contentType, taskId } = useParams();
  const templates = filterId === 'templates';
  const filter = templates ? allOf(boolIs('isTemplate', true)) : savedFilter('TaskFilter', filterId);
  const openType = contentType?.toLowerCase() === 'project' ? 'Project' : 'Task';
  return (
    <>
      <List contentType="Task" filter={filter} title={templates ? t('shell.tasks.templates') : undefined} />
      {taskId && <CardDrawer contentType={openType} id={taskId} onClose={() => navigate(filterId ? `/task/filter/${filterId}` : '/task/filter')} />}
    </>
  );
}

/** CardDrawer shows a card over the list it was opened from. */
function CardDrawer({ contentType, id, onClose }: { contentType: string; id: string; onClose: () => void }) {
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" withinPortal>
      <Card contentType={contentType} id={id} />
    </Drawer>
  );
}
