// Which fields a task or project card shows where, and which of them the
// reader may change in place: the fields the server lists in
// editableFields when it sends that list, else every writable one when
// possibleActions offers act_edit. Status, deadline and responsible change
// only through their actions (doAction, changeDeadline, act_delegate), so
// that the server's rules for them apply; the times and flags those rules
// keep are the server's (docs/tasks.md, "Plain updates").
import type { FieldInfo, TypeInfo } from '../../data/catalog';
import type { Entity } from '../../data/types';
import { fieldKind, isBlankValue } from '../../fields';
import { actionsOf } from './machine';

export const MAIN_FIELDS = [
  'responsible', 'owner', 'executors', 'auditors', 'deadline', 'parent', 'project', 'contractor',
  'isUrgent', 'plannedWork', 'workedOffTimeTotal', 'plannedFinish', 'timeCreated', 'originalTemplate',
];
export const KPI_FIELDS = ['kpiStart', 'kpiPlanned', 'kpiActual', 'kpiUnit'];

const NOT_IN_PLACE = new Set([
  'status', 'deadline', 'responsible',
  'statusChangeTime', 'actualStart', 'actualFinish', 'isOverdue', 'activity', 'deadlineChangeRequest', 'kpiPercentage',
]);

// Shown by the card's own blocks (header, tags, KPI, children, comments)
// or of no use to a reader (rights, markers the feed keeps).
const OWN_BLOCKS = new Set([
  'name', 'status', 'statement', 'humanNumber', 'isTemplate', 'isOverdue', 'isFavorite', 'tags', 'bonuses', 'fine',
  'milestones', 'subTasks', 'tasks', 'subProjects', 'comments', 'workedOffTime', 'deadlineChangeRequest',
  'kpiPercentage', 'possibleActions', 'rights', 'editableFields', 'lastComment', 'lastCommentTimeCreated',
  'isUnread', 'unreadCommentsCount', 'firstUnreadComment', 'hiddenCommentsCount', 'unreadAnswer', 'lastView',
  'subscribed', 'subscribers', 'subscribersCount', 'possibleSubscribers', 'possibleSubscribersCount',
  ...KPI_FIELDS,
]);

/** mayEdit: the reader may change this field of this record in place. */
export function mayEdit(entity: Entity, field: FieldInfo): boolean {
  if (field.readOnly || NOT_IN_PLACE.has(field.name) || !fieldKind(field.kind).editable || field.kind === 'count') return false;
  if (Array.isArray(entity.editableFields)) return (entity.editableFields as unknown[]).includes(field.name);
  return actionsOf(entity).includes('act_edit');
}

/** fieldsOf picks the type's fields by name, in the order given. */
export function fieldsOf(type: TypeInfo, names: string[]): FieldInfo[] {
  return names.flatMap((n) => type.fields.filter((f) => f.name === n));
}

/**
 * otherFields: the rest of the card, below its blocks: filled ones, and
 * blank ones (shown on request, to be filled in place). Counts of
 * collections the card shows are left out.
 */
export function otherFields(type: TypeInfo, entity: Entity): { filled: FieldInfo[]; blank: FieldInfo[] } {
  const taken = new Set([...MAIN_FIELDS, ...OWN_BLOCKS]);
  const rest = type.fields.filter((f) => !f.writeOnly && !taken.has(f.name) && !(f.countOf && taken.has(f.countOf)));
  const filled = rest.filter((f) => !isBlankValue(f.kind, entity[f.name]));
  const blank = rest.filter((f) => isBlankValue(f.kind, entity[f.name]) && mayEdit(entity, f));
  return { filled, blank };
}
