// The kanban's columns: the tasks of a list grouped by status, a task
// being moved shown in the column it is going to until the server answers.
import type { Entity } from '../../data/types';
import { TASK_STATUSES, type TaskStatus } from './machine';

export const taskKey = (e: Entity) => `${e.contentType}:${e.id}`;

/** groupByStatus: one list per column, in list order; statuses without a column (template) are left out. */
export function groupByStatus(items: Entity[], moving: Record<string, string>): Record<TaskStatus, Entity[]> {
  const columns = Object.fromEntries(TASK_STATUSES.map((s) => [s, [] as Entity[]])) as Record<TaskStatus, Entity[]>;
  for (const item of items) {
    const status = (moving[taskKey(item)] ?? item.status) as TaskStatus;
    columns[status]?.push(item);
  }
  return columns;
}
