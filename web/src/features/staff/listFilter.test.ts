import { describe, expect, it } from 'vitest';
import { quickFilter } from './listFilter';

describe('employee quick filters', () => {
  it('none: no filter', () => expect(quickFilter({ department: null, status: 'all', position: ' ' })).toBeUndefined());
  it('joins what is chosen', () => {
    const f = quickFilter({ department: '4', status: 'fired', position: 'менеджер' }) as { termGroup: { terms: { field: string; value: unknown }[] } };
    expect(f.termGroup.terms.map((t) => t.field)).toEqual(['department', 'isWorking', 'position']);
    expect(f.termGroup.terms[1].value).toBe(false);
  });
  it('away today and birthdays soon are terms too', () => {
    const f = quickFilter({ department: null, status: 'all', position: '', away: true, birthdaySoon: true }) as { termGroup: { terms: { field: string; value: unknown }[] } };
    expect(f.termGroup.terms.map((t) => [t.field, t.value])).toEqual([['isAway', true], ['birthdayWithin', 14]]);
  });
});
