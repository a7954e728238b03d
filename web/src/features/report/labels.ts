// The words of the reports' choices and columns, by value: i18n keys are
// written out, never built.
import type { TFunction } from 'i18next';
import type { Operation, Period, Source, WidgetKind } from './reportApi';

export function sourceLabels(t: TFunction): Record<Source, string> {
  return {
    Deal: t('report.source.Deal'),
    Task: t('report.source.Task'),
    ContractorCompany: t('report.source.ContractorCompany'),
    ContractorHuman: t('report.source.ContractorHuman'),
    Invoice: t('report.source.Invoice'),
    Todo: t('report.source.Todo'),
    FinOperation: t('report.source.FinOperation'),
  };
}

export function operationLabels(t: TFunction): Record<Operation, string> {
  return { count: t('report.op.count'), sum: t('report.op.sum'), avg: t('report.op.avg'), min: t('report.op.min'), max: t('report.op.max') };
}

export function periodLabels(t: TFunction): Record<Period, string> {
  return { day: t('report.period.day'), week: t('report.period.week'), month: t('report.period.month') };
}

export function conditionLabels(t: TFunction): Record<string, string> {
  return {
    won: t('report.condition.won'),
    lost: t('report.condition.lost'),
    open: t('report.condition.open'),
    done: t('report.condition.done'),
    paid: t('report.condition.paid'),
    unpaid: t('report.condition.unpaid'),
    income: t('report.condition.income'),
    expense: t('report.condition.expense'),
  };
}

export function fieldLabels(t: TFunction): Record<string, string> {
  return {
    manager: t('report.field.manager'),
    state: t('report.field.state'),
    program: t('report.field.program'),
    contractor: t('report.field.contractor'),
    result: t('report.field.result'),
    timeCreated: t('report.field.timeCreated'),
    price: t('report.field.price'),
    cost: t('report.field.cost'),
    responsible: t('report.field.responsible'),
    owner: t('report.field.owner'),
    status: t('report.field.status'),
    deadline: t('report.field.deadline'),
    userCreated: t('report.field.userCreated'),
    type: t('report.field.type'),
    invoiceDate: t('report.field.invoiceDate'),
    payer: t('report.field.payer'),
    sum: t('report.field.sum'),
    category: t('report.field.category'),
    timeFinished: t('report.field.timeFinished'),
    kind: t('report.field.kind'),
    realAccount: t('report.field.realAccount'),
    creator: t('report.field.creator'),
    date: t('report.field.date'),
    incomeSum: t('report.field.incomeSum'),
    expenseSum: t('report.field.expenseSum'),
  };
}

export function widgetLabels(t: TFunction): Record<WidgetKind, string> {
  return {
    TaskDesktopWidget: t('report.dashboard.myTasks'),
    DealDesktopWidget: t('report.dashboard.dealsByState'),
    InvoiceDesktopWidget: t('report.dashboard.invoicesDue'),
    ReportDesktopWidget: t('report.dashboard.report'),
    EmployeeBirthdayDesktopWidget: t('report.dashboard.birthdays'),
    EmployeeEffectivenessDesktopWidget: t('report.dashboard.effectiveness'),
  };
}

export function funnelHeads(t: TFunction): string[] {
  return [t('report.funnel.state'), t('report.funnel.now'), t('report.funnel.sum'), t('report.funnel.reached'), t('report.funnel.conversion')];
}

export function salesHeads(t: TFunction): string[] {
  return [t('report.sales.manager'), t('report.sales.won'), t('report.sales.wonSum'), t('report.sales.lost'), t('report.sales.lostSum'),
    t('report.sales.active'), t('report.sales.paid'), t('report.sales.paidSum')];
}

export function taskHeads(t: TFunction): string[] {
  return [t('report.tasks.employee'), t('report.tasks.onTime'), t('report.tasks.late'), t('report.tasks.overdue'), t('report.tasks.inWork'),
    t('report.tasks.effectiveness')];
}
