import { describe, expect, it } from 'vitest';
import type { FieldInfo, TypeInfo } from '../../data/catalog';
import { cardFields } from './EntityCardPage';
import { splitFields, writableFields } from './EntityForm';

const f = (name: string, kind: string, extra: Partial<FieldInfo> = {}): FieldInfo => ({
  name, kind, label: name, sortable: false, readOnly: false, required: false, writeOnly: false, ...extra,
});

const type: TypeInfo = {
  name: 'Task', endpoint: 'task', label: 'Задача',
  fields: [
    f('rights', 'computed', { readOnly: true }),
    f('isUrgent', 'boolean'),
    f('statement', 'string'),
    f('name', 'string', { required: true }),
    f('auditors', 'links', { targets: ['Employee'] }),
    f('auditorsCount', 'count', { readOnly: true, countOf: 'auditors' }),
    f('comments', 'links', { readOnly: true, targets: ['Comment'] }),
    f('commentsCount', 'count', { readOnly: true, countOf: 'comments' }),
    f('humanNumber', 'integer', { readOnly: true }),
    f('settings', 'object'),
    f('password', 'string', { writeOnly: true }),
  ],
};
const names = (fields: FieldInfo[]) => fields.map((x) => x.name);

describe('cardFields', () => {
  const task = {
    contentType: 'Task', id: '5', rights: { read: true }, isUrgent: false, statement: '', name: 'Отчёт',
    auditors: [{ contentType: 'Employee', id: '1' }], auditorsCount: 1, commentsCount: 3, humanNumber: 0, password: 'x',
  };

  it('shows what has a value, computed values last, never write-only fields', () => {
    const [filled] = cardFields(type, task);
    expect(names(filled)).toEqual(['name', 'auditors', 'commentsCount', 'humanNumber', 'rights']);
  });

  it('leaves a count out when its collection is shown with it', () => {
    const [filled, blank] = cardFields(type, task);
    expect(names([...filled, ...blank])).not.toContain('auditorsCount');
    expect(names(filled)).toContain('commentsCount');
  });

  it('puts empty values, "no" and zero counts among the blank ones', () => {
    const [, blank] = cardFields(type, { ...task, commentsCount: 0 });
    expect(names(blank)).toEqual(['isUrgent', 'statement', 'comments', 'commentsCount', 'settings']);
  });
});

describe('form fields', () => {
  it('edits writable fields of editable kinds, required ones first', () => {
    expect(names(writableFields(type))).toEqual(['name', 'isUrgent', 'statement', 'auditors', 'password']);
  });

  it('shows required fields at once when creating, and filled ones too when changing', () => {
    const fields = writableFields(type);
    expect(names(splitFields(fields)[0])).toEqual(['name']);
    const [main, more] = splitFields(fields, { contentType: 'Task', id: '5', name: 'x', isUrgent: false, statement: 'text' });
    expect(names(main)).toEqual(['name', 'statement']);
    expect(names(more)).toEqual(['isUrgent', 'auditors', 'password']);
  });
});
