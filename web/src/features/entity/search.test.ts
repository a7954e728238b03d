import { describe, expect, it } from 'vitest';
import type { FieldInfo, TypeInfo } from '../../data/catalog';
import { searchFields, searchFilter } from './search';

const f = (name: string, kind = 'string', extra: Partial<FieldInfo> = {}): FieldInfo => ({
  name, kind, label: name, sortable: false, readOnly: false, required: false, writeOnly: false, ...extra,
});
const person: TypeInfo = {
  name: 'ContractorHuman', endpoint: 'contractorHuman', label: 'Клиент',
  fields: [f('firstName'), f('lastName'), f('description'), f('humanNumber', 'integer'), f('login', 'string', { writeOnly: true })],
};

describe('searchFilter', () => {
  it('searches the name-like text fields only', () => {
    expect(searchFields(person)).toEqual(['firstName', 'lastName']);
  });

  it('needs every word in one of the fields', () => {
    expect(searchFilter(person, '  Анна  Соколова ')).toEqual({
      contentType: 'FilterConfig',
      termGroup: {
        join: 'and',
        terms: ['Анна', 'Соколова'].map((w) => ({
          contentType: 'FilterTermGroup',
          join: 'or',
          terms: [
            { contentType: 'FilterTermString', field: 'firstName', comparison: 'contains', value: w },
            { contentType: 'FilterTermString', field: 'lastName', comparison: 'contains', value: w },
          ],
        })),
      },
    });
  });

  it('is no filter for blank text or a type without name fields', () => {
    expect(searchFilter(person, '   ')).toBeUndefined();
    expect(searchFilter({ ...person, fields: [f('code', 'integer')] }, 'x')).toBeUndefined();
  });
});
