// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { docFilter, docFilterId, invoiceFilter, invoiceFilterId, reportFilterId } from './queryFilters';
import { dealGroupFilter, dealProgramFilter, savedFilter } from './filters';

describe('invoice query filters', () => {
  it('maps status numbers to ids', () => {
    expect(invoiceFilterId('?status=1')).toBe('draft');
    expect(invoiceFilterId('?status=2')).toBe('drawn');
    expect(invoiceFilterId('?status=3')).toBe('paid');
    expect(invoiceFilterId('?status=4')).toBe('rejected');
    expect(invoiceFilterId('?status=overdue')).toBe('overdue');
    expect(invoiceFilterId('?overdue=1')).toBe('overdue');
    expect(invoiceFilterId('?status=9')).toBeUndefined();
    expect(invoiceFilterId('')).toBeUndefined();
  });
  it('filters by the status value and overdue by deadline', () => {
    expect(invoiceFilter('draft', new Date())?.termGroup.terms).toEqual([
      { contentType: 'FilterTermEnum', field: 'status', comparison: 'equals', value: ['created'] },
    ]);
    const overdue = invoiceFilter('overdue', new Date(2026, 2, 5))!.termGroup.terms;
    expect(overdue[1]).toEqual({
      contentType: 'FilterTermDate',
      field: 'deadline',
      comparison: 'less',
      value: { contentType: 'DateOnly', year: 2026, month: 2, day: 5 },
    });
    expect(invoiceFilter(undefined, new Date())).toBeUndefined();
  });
});

describe('document query filters', () => {
  it('accepts the six types only', () => {
    for (const t of ['text', 'impress', 'pdf', 'table', 'image', 'others']) expect(docFilterId(`?type=${t}`)).toBe(t);
    expect(docFilterId('?type=exe')).toBeUndefined();
  });
  it('filters on the current version and negates for others', () => {
    expect(docFilter('pdf')!.termGroup.terms[0]).toMatchObject({ field: 'actualVersion', comparison: 'equals' });
    expect(docFilter('others')!.termGroup.terms[0]).toMatchObject({ field: 'actualVersion', comparison: 'not_equals' });
  });
});

describe('report query filters', () => {
  it('maps filterId and defaults to all', () => {
    expect(reportFilterId('?filterId=salesDepartment')).toBe('salesDepartment');
    expect(reportFilterId('?filterId=salesFunnel')).toBe('salesFunnel');
    expect(reportFilterId('?filterId=x')).toBe('all');
    expect(reportFilterId('')).toBe('all');
  });
});

describe('list filters', () => {
  it('uses numeric ids as saved filters', () => {
    expect(savedFilter('TaskFilter', '12')).toEqual({ contentType: 'TaskFilter', id: '12' });
    expect(savedFilter('TaskFilter', 'templates')).toBeUndefined();
  });
  it('maps deal program ids', () => {
    expect(dealProgramFilter('-1')).toBeUndefined();
    expect(dealProgramFilter('-2')!.termGroup.terms[0].refine!.terms[0]).toMatchObject({ field: 'isBpm', value: true });
    expect(dealProgramFilter('-3')!.termGroup.terms[0].refine!.terms[0]).toMatchObject({ field: 'isBpm', value: false });
    expect(dealProgramFilter('4')!.termGroup.terms[0]).toMatchObject({ field: 'program', value: [{ contentType: 'Program', id: '4' }] });
    expect(dealGroupFilter('7')!.termGroup.terms[0].refine!.terms[0]).toMatchObject({ field: 'programGroup' });
    expect(dealGroupFilter('-2')).toEqual(dealProgramFilter('-2'));
  });
});
