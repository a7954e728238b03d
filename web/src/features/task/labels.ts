// Names and colours of statuses and actions. Keys are written out one by
// one so the i18n check sees every one of them.
import type { TFunction } from 'i18next';

export function statusLabel(status: unknown, t: TFunction): string {
  switch (status) {
    case 'created':
      return t('task.status.created');
    case 'assigned':
      return t('task.status.assigned');
    case 'accepted':
      return t('task.status.accepted');
    case 'delayed':
      return t('task.status.delayed');
    case 'done':
      return t('task.status.done');
    case 'completed':
      return t('task.status.completed');
    case 'rejected':
      return t('task.status.rejected');
    case 'cancelled':
      return t('task.status.cancelled');
    case 'expired':
      return t('task.status.expired');
    case 'template':
      return t('task.status.template');
    case 'overdue':
      return t('task.status.overdue');
  }
  return typeof status === 'string' ? status : '';
}

const COLORS: Record<string, string> = {
  created: 'gray',
  assigned: 'indigo',
  accepted: 'blue',
  delayed: 'yellow',
  done: 'teal',
  completed: 'green',
  rejected: 'orange',
  cancelled: 'gray',
  expired: 'red',
  template: 'grape',
  overdue: 'red',
};

export function statusColor(status: unknown): string {
  return (typeof status === 'string' && COLORS[status]) || 'gray';
}

export function actionLabel(action: string, t: TFunction, contentType = 'Task'): string {
  switch (action) {
    case 'act_accept_task':
      return t('task.action.acceptTask');
    case 'act_reject_task':
      return t('task.action.rejectTask');
    case 'act_takeup':
      return t('task.action.takeup');
    case 'act_done':
      return t('task.action.done');
    case 'act_accept_work':
      return t('task.action.acceptWork');
    case 'act_reject_work':
      return t('task.action.rejectWork');
    case 'act_pause':
      return t('task.action.pause');
    case 'act_resume':
      return t('task.action.resume');
    case 'act_delegate':
      return t('task.action.delegate');
    case 'act_cancel':
      return t('task.action.cancel');
    case 'act_expire':
      return t('task.action.expire');
    case 'act_renew':
      return t('task.action.renew');
    case 'act_convert':
      return contentType === 'Project' ? t('task.action.convertToTask') : t('task.action.convertToProject');
    case 'act_accept_deadline':
      return t('task.action.acceptDeadline');
    case 'act_reject_deadline':
      return t('task.action.rejectDeadline');
    case 'act_delete':
      return t('task.action.delete');
  }
  return action;
}
