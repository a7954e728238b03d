// Pure rules of the negotiation block, mirroring internal/module/task
// (docs/tasks.md, "Negotiation (visas)"): who is expected to give visas
// and how statuses read. Kept apart from the component so vitest checks
// them without a server.
import type { Entity } from '../../data/types';

export type VisaStatus = 'ok' | 'bad' | 'not_rated';

function employeeIds(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((l) => (l && typeof l === 'object' && (l as Entity).contentType === 'Employee' ? [String((l as Entity).id)] : []));
}

/** approverIds: negotiationExecutors when the task names any, else its executors (employees only), as the server decides. */
export function approverIds(task: Entity): string[] {
  const named = employeeIds(task.negotiationExecutors);
  return named.length > 0 ? named : employeeIds(task.executors);
}

export function isApprover(task: Entity, meId: string): boolean {
  return approverIds(task).includes(meId);
}

export function visaStatus(v: unknown): VisaStatus {
  return v === 'ok' || v === 'bad' ? v : 'not_rated';
}

/** myVisa is the caller's visa on a version, or null before they give one. */
export function myVisa(visas: Entity[], meId: string): VisaStatus | null {
  const mine = visas.find((v) => {
    const who = v.userCreated as Entity | undefined;
    return who && String(who.id) === meId;
  });
  return mine ? visaStatus(mine.status) : null;
}

/** statusKey names the i18n key of a status (keys are never built from data). */
export function statusKey(s: VisaStatus): string {
  switch (s) {
    case 'ok':
      return 'task.negotiation.statusOk';
    case 'bad':
      return 'task.negotiation.statusBad';
  }
  return 'task.negotiation.statusNotRated';
}

/** decisionKey names the i18n key of the task's decision: true, false or not yet. */
export function decisionKey(decision: unknown): string {
  if (decision === true) return 'task.negotiation.decisionYes';
  if (decision === false) return 'task.negotiation.decisionNo';
  return 'task.negotiation.decisionPending';
}

export const statusColor = (s: VisaStatus) => (s === 'ok' ? 'green' : s === 'bad' ? 'red' : 'gray');
