// The reports' calls (docs/report.md): the built-in reports, the builder
// (a ReportConfig run for the reader), saved reports (the Report entity)
// and the reader's dashboard widgets.
import { api } from '../../data/api';
import type { FilterConfig } from '../../app/mapping/filters';

export interface Named {
  contentType: string;
  id: string;
  name: string;
}

export interface Money {
  value: number;
  valueInMain: number;
}

export interface FunnelStep {
  state: Named;
  type: 'active' | 'positive' | 'negative';
  count: number;
  sum: Money;
  reached: number;
  reachedSum: Money;
  conversion: number;
}

export interface ManagerLine {
  manager: Named;
  won: number;
  wonSum: Money;
  lost: number;
  lostSum: Money;
  active: number;
  activeSum: Money;
  invoicesPaid: number;
  invoicesPaidSum: Money;
}

export interface EffectivenessLine {
  /** employee, or department when grouped by department. */
  employee?: Named;
  department?: Named;
  doneOnTime: number;
  doneLate: number;
  overdue: number;
  inWork: number;
  effectiveness: number;
}

export interface OverdueWork {
  tasks: { employee: Named; overdue: number }[];
  invoices: number;
  invoicesSum: Money;
}

export type Source = 'Deal' | 'Task' | 'ContractorCompany' | 'ContractorHuman' | 'Invoice' | 'Todo' | 'FinOperation';
export type Operation = 'count' | 'sum' | 'avg' | 'min' | 'max';
export type Period = 'day' | 'week' | 'month';

export interface ReportConfig {
  contentType: 'ReportConfig';
  entityType: Source;
  filterRules?: string;
  grouping: { contentType: 'ReportConfigGrouping'; name: string; extraSettings?: { contentType: string; name: 'period'; selectedChoice: Period }[] }[];
  columns: { contentType: 'ReportConfigColumn'; formula: Operation; name?: string; alias?: string }[];
}

export interface BuiltRow {
  key: string;
  label: string;
  [alias: string]: string | number;
}

export interface Built {
  group: string;
  period?: Period;
  columns: { alias: string; operation: Operation; field: string }[];
  rows: BuiltRow[];
}

export interface SavedReport {
  id: string;
  name: string;
  config?: ReportConfig;
  description?: string;
}

export type WidgetKind = 'TaskDesktopWidget' | 'DealDesktopWidget' | 'InvoiceDesktopWidget' | 'ReportDesktopWidget' | 'EmployeeBirthdayDesktopWidget' | 'EmployeeEffectivenessDesktopWidget';

export interface Widget {
  contentType: WidgetKind;
  id: string;
  posX: number;
  posY: number;
  title: string;
  reportId?: string;
  chartType?: 'bar' | 'pie';
}

/** SavedFilterLink names a list's filter (TaskFilter, TradeFilter, CrmFilter) as a report's filter. */
export interface SavedFilterLink {
  contentType: string;
  id: string;
}

/** makeConfig writes the builder's choices as a ReportConfig. */
export function makeConfig(source: Source, group: string, period: Period | '', op: Operation, field: string, filter?: FilterConfig | SavedFilterLink): ReportConfig {
  const grouping: ReportConfig['grouping'] = group
    ? [{ contentType: 'ReportConfigGrouping', name: group, ...(period ? { extraSettings: [{ contentType: 'ReportObjectGroupingExtraSetting', name: 'period' as const, selectedChoice: period }] } : {}) }]
    : [];
  const column = op === 'count' ? { contentType: 'ReportConfigColumn' as const, formula: op, alias: 'value' } : { contentType: 'ReportConfigColumn' as const, formula: op, name: field, alias: 'value' };
  return { contentType: 'ReportConfig', entityType: source, grouping, columns: [column], ...(filter ? { filterRules: JSON.stringify(filter) } : {}) };
}

export const reportApi = {
  funnel: async (program: string) => (await api.get<{ steps: FunnelStep[] }>('/api/v3/report/salesFunnel', { program })).data.steps,
  salesDepartment: async () => (await api.get<ManagerLine[]>('/api/v3/report/salesDepartment')).data,
  taskEffectiveness: async (by: 'employee' | 'department' = 'employee') =>
    (await api.get<EffectivenessLine[]>('/api/v3/report/taskEffectiveness', { by })).data,
  overdue: async () => (await api.get<OverdueWork>('/api/v3/report/overdue')).data,
  build: async (config: ReportConfig) => (await api.post<Built>('/api/v3/report/build', config)).data,
  saved: async () => (await api.get<SavedReport[]>('/api/v3/report', { limit: 100 })).data,
  get: async (id: string) => (await api.get<SavedReport>(`/api/v3/report/${id}`)).data,
  save: async (name: string, config: ReportConfig) => (await api.post<SavedReport>('/api/v3/report', { contentType: 'Report', name, config })).data,
  widgets: async () => (await api.get<Widget[]>('/api/v3/desktop/widget', undefined, { batch: false })).data,
  addWidget: async (w: Omit<Widget, 'id' | 'title'> & { title?: string }) => (await api.post<Widget>('/api/v3/desktop/widget', w)).data,
  /** addWidgetAtEnd puts a widget in the first cell after the reader's last one (two to a row). */
  addWidgetAtEnd: async (w: Omit<Widget, 'id' | 'title' | 'posX' | 'posY'> & { title?: string }) => {
    const all = await reportApi.widgets();
    const next = all.length === 0 ? 0 : Math.max(...all.map((x) => x.posY * 2 + x.posX)) + 1;
    return reportApi.addWidget({ ...w, posX: next % 2, posY: Math.floor(next / 2) });
  },
  moveWidget: async (w: Widget) => (await api.post<Widget>(`/api/v3/desktop/widget/${w.id}`, w)).data,
  deleteWidget: async (id: string) => {
    await api.delete(`/api/v3/desktop/widget/${id}`);
  },
};

/** exportHref is the address of a built report as a file. */
export function exportHref(config: ReportConfig, format: 'csv' | 'xlsx', title: string): string {
  return '/api/v3/report/export?' + encodeURIComponent(JSON.stringify({ config, format, title }));
}
