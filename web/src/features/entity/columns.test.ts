// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldInfo, TypeInfo } from '../../data/catalog';
import { defaultColumns, requestFields, saveColumns, savedColumns } from './columns';

const f = (name: string, kind: string, extra: Partial<FieldInfo> = {}): FieldInfo => ({
  name, kind, label: name, sortable: false, readOnly: false, required: false, writeOnly: false, ...extra,
});

const task: TypeInfo = {
  name: 'Task',
  endpoint: 'task',
  label: 'Задача',
  fields: [
    f('isUrgent', 'boolean', { sortable: true }),
    f('status', 'enum', { sortable: true, values: ['created'] }),
    f('statement', 'string'),
    f('humanNumber', 'integer', { sortable: true, readOnly: true }),
    f('name', 'string', { sortable: true, required: true }),
    f('owner', 'link', { sortable: true, targets: ['Employee'] }),
    f('tags', 'links', { sortable: true, targets: ['Tag'] }),
    f('deadline', 'DateOnly|DateTime|ShiftDate', { sortable: true }),
    f('timeCreated', 'DateTime', { sortable: true, readOnly: true }),
    f('completed', 'integer', { sortable: true }),
    f('rights', 'computed', { readOnly: true }),
    f('password', 'string', { sortable: true, writeOnly: true }),
  ],
};

afterEach(() => localStorage.clear());

describe('defaultColumns', () => {
  it('starts with the name and number, then sortable fields by kind priority, at most 6', () => {
    expect(defaultColumns(task)).toEqual(['name', 'humanNumber', 'status', 'owner', 'deadline', 'timeCreated']);
  });

  it('never picks collections, computed or write-only fields by default', () => {
    const cols = defaultColumns(task);
    expect(cols).not.toContain('tags');
    expect(cols).not.toContain('rights');
    expect(cols).not.toContain('password');
  });

  it('fills up with other listable fields in catalogue order when few are sortable', () => {
    const bare: TypeInfo = {
      name: 'X', endpoint: 'x', label: 'X',
      fields: [f('meta', 'object'), f('flag', 'boolean'), f('code', 'string'), f('rank', 'integer', { sortable: true }), f('items', 'links')],
    };
    expect(defaultColumns(bare)).toEqual(['rank', 'flag', 'code']);
  });
});

describe('saved columns', () => {
  it('remembers the choice per type and drops fields that are gone', () => {
    saveColumns('Task', ['status', 'gone', 'name']);
    expect(savedColumns(task)).toEqual(['status', 'name']);
  });

  it('uses the defaults when nothing usable is stored', () => {
    localStorage.setItem('artel.entity.columns.Task', '{broken');
    expect(savedColumns(task)).toEqual(defaultColumns(task));
  });
});

describe('requestFields', () => {
  it('asks for the columns and what names need, only if the type has them', () => {
    expect(requestFields(task, ['status'])).toEqual(['status', 'name', 'humanNumber']);
  });
});
