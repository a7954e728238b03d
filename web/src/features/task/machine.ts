// What a task action does to the status, as docs/tasks.md's table has it
// (internal/module/task/machine.go), so the kanban can turn "dropped on the
// done column" into the act_* the server offers in possibleActions. The
// server still decides: this only picks which action to ask for.
import type { Entity, Link } from '../../data/types';

/** The statuses a task can be in (overdue is a flag, template a kind of record). */
export const TASK_STATUSES = ['created', 'assigned', 'accepted', 'delayed', 'done', 'completed', 'rejected', 'cancelled', 'expired'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The caller: administrators count as the owner of every task. */
export interface Me {
  id: string;
  isAdmin: boolean;
}

// Actions a drop may perform, most natural first when two lead to one column.
const DROP_ACTIONS = [
  'act_accept_task',
  'act_takeup',
  'act_resume',
  'act_done',
  'act_accept_work',
  'act_reject_work',
  'act_pause',
  'act_reject_task',
  'act_renew',
  'act_expire',
  'act_cancel',
];

function linkId(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const id = (v as Link).id;
  return id === undefined || id === null ? undefined : String(id);
}

function same(a: unknown, b: unknown): boolean {
  const x = linkId(a);
  return x !== undefined && x === linkId(b) && (a as Link).contentType === (b as Link).contentType;
}

const isMe = (v: unknown, me: Me) => linkId(v) === me.id && (v as Link).contentType === 'Employee';

/** possibleActions of an entity ([] when it says nothing). */
export function actionsOf(e: Entity): string[] {
  return Array.isArray(e.possibleActions) ? (e.possibleActions as string[]) : [];
}

/**
 * resultStatus is the status an action leaves, or undefined for actions
 * that keep it (delegate, deadline answers, convert, delete). A task whose
 * responsible is its owner skips the steps nobody needs (accepting one's
 * own work); renewing a task without a responsible makes it created.
 */
export function resultStatus(e: Entity, action: string, me: Me): string | undefined {
  const selfOwned = e.responsible != null && same(e.responsible, e.owner);
  switch (action) {
    case 'act_takeup':
    case 'act_accept_task':
    case 'act_resume':
    case 'act_reject_work':
      return 'accepted';
    case 'act_reject_task':
      return 'rejected';
    case 'act_pause':
      return 'delayed';
    case 'act_accept_work':
      return 'completed';
    case 'act_cancel':
      return 'cancelled';
    case 'act_expire':
      return 'expired';
    case 'act_done':
      // The responsible hands the work in; the owner closes it at once.
      return isMe(e.responsible, me) && !selfOwned ? 'done' : 'completed';
    case 'act_renew':
      if (e.contentType === 'Project' || selfOwned) return 'accepted';
      return e.responsible == null ? 'created' : 'assigned';
  }
  return undefined;
}

/** dropAction is the offered action that moves the task to target, or undefined when none does. */
export function dropAction(e: Entity, target: string, me: Me): string | undefined {
  if (e.status === target) return undefined;
  const offered = actionsOf(e);
  return DROP_ACTIONS.find((a) => offered.includes(a) && resultStatus(e, a, me) === target);
}
