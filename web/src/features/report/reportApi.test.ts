import { describe, expect, it } from 'vitest';
import { CONDITIONS } from './builderFields';
import { exportHref, makeConfig } from './reportApi';

describe('makeConfig', () => {
  it('writes a count grouped by a link with the condition as filterRules', () => {
    const c = makeConfig('Deal', 'manager', '', 'count', 'price', CONDITIONS.Deal.won);
    expect(c).toEqual({
      contentType: 'ReportConfig',
      entityType: 'Deal',
      grouping: [{ contentType: 'ReportConfigGrouping', name: 'manager' }],
      columns: [{ contentType: 'ReportConfigColumn', formula: 'count', alias: 'value' }],
      filterRules: JSON.stringify(CONDITIONS.Deal.won),
    });
    expect(JSON.parse(c.filterRules!).termGroup.terms[0]).toEqual({ contentType: 'FilterTermString', field: 'result', comparison: 'equals', value: 'positive' });
  });

  it('gives a date its period and a sum its field', () => {
    const c = makeConfig('Invoice', 'invoiceDate', 'week', 'sum', 'sum');
    expect(c.grouping[0].extraSettings).toEqual([{ contentType: 'ReportObjectGroupingExtraSetting', name: 'period', selectedChoice: 'week' }]);
    expect(c.columns[0]).toEqual({ contentType: 'ReportConfigColumn', formula: 'sum', name: 'sum', alias: 'value' });
    expect(c.filterRules).toBeUndefined();
  });

  it('groups nothing when no field is chosen', () => {
    expect(makeConfig('Task', '', '', 'count', '').grouping).toEqual([]);
  });
});

describe('exportHref', () => {
  it('sends the config and the format as one query JSON', () => {
    const c = makeConfig('Task', 'status', '', 'count', '');
    const href = exportHref(c, 'xlsx', 'Задачи');
    expect(href.startsWith('/api/v3/report/export?')).toBe(true);
    expect(JSON.parse(decodeURIComponent(href.split('?')[1]))).toEqual({ config: c, format: 'xlsx', title: 'Задачи' });
  });
});
