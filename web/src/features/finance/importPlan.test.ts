import { describe, expect, it } from 'vitest';
import type { PlanLine } from './financeApi';
import { countStates, lineState } from './importPlan';

const line = (over: Partial<PlanLine>): PlanLine => ({
  date: '2026-10-28', number: '7', sum: { value: 100, currency: 'RUB' }, income: true, party: 'ООО «Альфа»',
  partyInn: '', purpose: '', skipped: false, invoices: [], ...over,
});
const part = { invoice: { contentType: 'Invoice', id: '1' }, number: '1', sum: { value: 100, currency: 'RUB' } };

describe('lineState', () => {
  it('tells skipped, expense, matched and unmatched lines apart', () => {
    expect(lineState(line({ skipped: true, invoices: [part] }))).toBe('skipped');
    expect(lineState(line({ income: false }))).toBe('expense');
    expect(lineState(line({ invoices: [part, part] }))).toBe('matched');
    expect(lineState(line({}))).toBe('unmatched');
  });
  it('counts a preview by state', () => {
    expect(countStates([line({}), line({ invoices: [part] }), line({ income: false }), line({})])).toEqual({
      skipped: 0, expense: 1, matched: 1, unmatched: 2,
    });
  });
});
