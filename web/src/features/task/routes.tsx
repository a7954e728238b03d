// Tasks and projects (spec 000 §2 Tasks): the pages the route table
// (app/routes/areaRoutes.tsx) opens for this area.
import { useLocation, useParams } from 'react-router';
import TaskAddPage from './TaskAddPage';
import TaskCardPage from './TaskCardPage';
import TaskFilterPage from './TaskFilterPage';
import { addTarget } from '../../app/mapping/addForms';

/** /task/filter/{filterId?}/{contentType?}/{taskId?}: filters, list, tree or kanban, a task or project opened beside. */
export function TaskListRoute() {
  return <TaskFilterPage />;
}

/** /task/{id}/card, /task/{id}/template, /project/{id}/card, /project/{id}/template. */
export function TaskCardRoute({ contentType }: { contentType: 'Task' | 'Project' }) {
  const { id } = useParams();
  return id ? <TaskCardPage key={`${contentType}:${id}`} contentType={contentType} id={id} /> : null;
}

/** .../task/add (and ?type=project): a new task or project, or one made from a template. */
export function TaskAddRoute() {
  const { pathname, search } = useLocation();
  const kind = addTarget(pathname, search)?.contentType === 'Project' ? 'Project' : 'Task';
  return <TaskAddPage key={kind} initial={kind} />;
}
