// Words of the staff screens that depend on a value: the areas and the
// role fields. The keys are written out (never built), so the i18n check
// sees every one.
import type { TFunction } from 'i18next';
import type { Area } from './staffApi';

export function areaLabels(t: TFunction): Record<Area, string> {
  return {
    tasks: t('staff.area.tasks'),
    clients: t('staff.area.clients'),
    deals: t('staff.area.deals'),
    todos: t('staff.area.todos'),
    documents: t('staff.area.documents'),
    other: t('staff.area.other'),
  };
}

/** roleLabel words a "Type.field" role; one the screen does not know shows as is. */
export function roleLabel(t: TFunction, role: string): string {
  const known: Record<string, string> = {
    'Task.responsible': t('staff.role.taskResponsible'),
    'Task.owner': t('staff.role.taskOwner'),
    'Task.executors': t('staff.role.taskExecutors'),
    'Task.auditors': t('staff.role.taskAuditors'),
    'Project.responsible': t('staff.role.projectResponsible'),
    'Project.owner': t('staff.role.projectOwner'),
    'Project.executors': t('staff.role.projectExecutors'),
    'Project.auditors': t('staff.role.projectAuditors'),
    'ContractorHuman.responsibles': t('staff.role.clientHuman'),
    'ContractorCompany.responsibles': t('staff.role.clientCompany'),
    'Deal.manager': t('staff.role.dealManager'),
    'Deal.auditors': t('staff.role.dealAuditors'),
    'Todo.responsible': t('staff.role.todoResponsible'),
    'Todo.participants': t('staff.role.todoParticipants'),
    'DocRights.user': t('staff.role.docRights'),
    'ProgramTransition.rule': t('staff.role.transitionRule'),
    'ProgramTrigger.rule': t('staff.role.triggerRule'),
  };
  return known[role] ?? role;
}
