import { describe, expect, it } from 'vitest';
import type { FieldInfo, TypeInfo } from '../../data/catalog';
import { combineFilters, comparisons, countTerms, newGroup, newTerm, termType, toFilterConfig } from './filterModel';

const f = (name: string, kind: string, extra: Partial<FieldInfo> = {}): FieldInfo => ({
  name, kind, label: name, sortable: false, readOnly: false, required: false, writeOnly: false, ...extra,
});

const type: TypeInfo = {
  name: 'Task', endpoint: 'task', label: 'Задача',
  fields: [
    f('name', 'string'), f('completed', 'integer'), f('price', 'Money'), f('status', 'enum', { values: ['a', 'b'] }),
    f('isUrgent', 'boolean'), f('owner', 'link', { targets: ['Employee'] }), f('deadline', 'DateOnly|DateTime|ShiftDate'),
    f('rights', 'computed'), f('meta', 'object'), f('password', 'string', { writeOnly: true }),
  ],
};
const field = (n: string) => type.fields.find((x) => x.name === n)!;

function term(name: string, comparison: string, value: unknown) {
  const t = newTerm(name, comparison);
  t.value = value;
  return t;
}

describe('termType', () => {
  it('maps each field kind to its API term', () => {
    expect(termType(field('name'))).toBe('FilterTermString');
    expect(termType(field('completed'))).toBe('FilterTermNumber');
    expect(termType(field('price'))).toBe('FilterTermNumber');
    expect(termType(field('status'))).toBe('FilterTermEnum');
    expect(termType(field('isUrgent'))).toBe('FilterTermBool');
    expect(termType(field('owner'))).toBe('FilterTermRef');
    expect(termType(field('deadline'))).toBe('FilterTermDate');
  });

  it('cannot filter computed, embedded or write-only fields', () => {
    expect(termType(field('rights'))).toBeUndefined();
    expect(termType(field('meta'))).toBeUndefined();
    expect(termType(field('password'))).toBeUndefined();
    expect(comparisons(field('rights'))).toEqual([]);
  });

  it('offers the comparisons the server knows', () => {
    expect(comparisons(field('name'))).toContain('starts_with');
    expect(comparisons(field('completed'))).toContain('less_eq');
    expect(comparisons(field('deadline'))).toEqual(['equals', 'not_equals', 'more', 'less']);
  });
});

describe('toFilterConfig', () => {
  it('is no filter when no term is complete', () => {
    expect(toFilterConfig(newGroup('and', [newTerm(), newTerm('name', 'contains')]), type)).toBeUndefined();
  });

  it('builds nested groups of terms', () => {
    const day = { contentType: 'DateOnly', year: 2026, month: 0, day: 1 };
    const root = newGroup('and', [
      term('name', 'contains', 'отчёт'),
      newGroup('or', [term('status', 'equals', 'a'), term('isUrgent', 'equals', true)]),
      term('deadline', 'more', day),
      term('owner', 'not_equals', [{ contentType: 'Employee', id: '9' }]),
      term('completed', 'bogus', 5),
    ]);
    expect(toFilterConfig(root, type)).toEqual({
      contentType: 'FilterConfig',
      termGroup: {
        join: 'and',
        terms: [
          { contentType: 'FilterTermString', field: 'name', comparison: 'contains', value: 'отчёт' },
          {
            contentType: 'FilterTermGroup', join: 'or',
            terms: [
              { contentType: 'FilterTermEnum', field: 'status', comparison: 'equals', value: ['a'] },
              { contentType: 'FilterTermBool', field: 'isUrgent', comparison: 'equals', value: true },
            ],
          },
          { contentType: 'FilterTermDate', field: 'deadline', comparison: 'more', value: day },
          { contentType: 'FilterTermRef', field: 'owner', comparison: 'not_equals', value: [{ contentType: 'Employee', id: '9' }] },
          // An unknown comparison falls back to the kind's first one.
          { contentType: 'FilterTermNumber', field: 'completed', comparison: 'equals', value: 5 },
        ],
      },
    });
  });

  it('treats an unset yes/no term as "no"', () => {
    const cfg = toFilterConfig(newGroup('and', [term('isUrgent', 'equals', null)]), type) as { termGroup: { terms: unknown[] } };
    expect(cfg.termGroup.terms[0]).toMatchObject({ value: false });
  });

  it('counts complete terms', () => {
    expect(countTerms(newGroup('and', [term('name', 'equals', 'x'), newGroup('or', [term('completed', 'more', 1), newTerm()])]), type)).toBe(2);
  });
});

describe('combineFilters', () => {
  const mine = { contentType: 'FilterConfig', termGroup: { join: 'or', terms: [{ contentType: 'FilterTermBool', field: 'isUrgent', value: true }] } };

  it('uses whichever filter there is', () => {
    expect(combineFilters(undefined, mine)).toBe(mine);
    expect(combineFilters(mine, undefined)).toBe(mine);
    expect(combineFilters(undefined, undefined)).toBeUndefined();
  });

  it('joins two filters with and, as nested groups', () => {
    const base = { join: 'and', terms: [{ contentType: 'FilterTermString', field: 'name', value: 'x' }] };
    expect(combineFilters(base, mine)).toEqual({
      contentType: 'FilterConfig',
      termGroup: {
        join: 'and',
        terms: [
          { contentType: 'FilterTermGroup', ...base },
          { contentType: 'FilterTermGroup', ...mine.termGroup },
        ],
      },
    });
  });

  it('keeps a saved filter link alone', () => {
    const saved = { contentType: 'TaskFilter', id: '3' };
    expect(combineFilters(saved, mine)).toBe(saved);
  });
});
