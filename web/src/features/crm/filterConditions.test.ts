import { describe, expect, it } from 'vitest';
import { NO_CONDITIONS, fromConfig, isEmpty, toConfig } from './filterConditions';

describe('saved client filter conditions', () => {
  it('makes a config of every condition and reads it back', () => {
    const c = {
      ...NO_CONDITIONS,
      nameContains: ' Север ',
      responsibles: [{ contentType: 'Employee', id: '1' }],
      tags: [{ contentType: 'Tag', id: '7' }],
      types: [],
      statuses: [{ contentType: 'ContractorStatus', id: '3' }],
      createdFrom: '2026-01-05',
      createdTo: '',
    };
    const config = toConfig(c);
    expect(config.termGroup.terms).toHaveLength(5);
    expect(config.termGroup.terms[3]).toEqual({
      contentType: 'FilterTermRef', field: 'status', comparison: 'equals', value: [{ contentType: 'ContractorStatus', id: '3' }],
    });
    expect(config.termGroup.terms[4]).toEqual({
      contentType: 'FilterTermDate', field: 'timeCreated', comparison: 'equals',
      value: { contentType: 'IntervalDates', from: { contentType: 'DateOnly', year: 2026, month: 0, day: 5 }, to: null },
    });
    expect(fromConfig(config)).toEqual({ ...c, nameContains: 'Север' });
  });

  it('keeps terms it does not know, and an "or" group whole', () => {
    const odd = { contentType: 'FilterTermString', field: 'description', comparison: 'contains', value: 'x' };
    const read = fromConfig({ contentType: 'FilterConfig', termGroup: { join: 'and', terms: [odd] } });
    expect(read.other).toEqual([odd]);
    expect(toConfig(read).termGroup.terms).toEqual([odd]);
    const or = fromConfig({ contentType: 'FilterConfig', termGroup: { join: 'or', terms: [odd, odd] } });
    expect(or.nameContains).toBe('');
    expect(toConfig(or).termGroup.terms).toEqual([{ contentType: 'FilterTermGroup', join: 'or', terms: [odd, odd] }]);
  });

  it('tells an empty filter', () => {
    expect(isEmpty(NO_CONDITIONS)).toBe(true);
    expect(isEmpty({ ...NO_CONDITIONS, createdTo: '2026-02-01' })).toBe(false);
    expect(isEmpty({ ...NO_CONDITIONS, types: [{ contentType: 'ContractorType', id: '1' }] })).toBe(false);
  });
});
