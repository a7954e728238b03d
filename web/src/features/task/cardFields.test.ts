import { describe, expect, it } from 'vitest';
import type { FieldInfo, TypeInfo } from '../../data/catalog';
import type { Entity } from '../../data/types';
import { mayEdit, otherFields } from './cardFields';

const f = (name: string, kind: string, extra: Partial<FieldInfo> = {}): FieldInfo => ({
  name, kind, label: name, sortable: false, readOnly: false, required: false, writeOnly: false, ...extra,
});
const type: TypeInfo = {
  name: 'Task', endpoint: 'task', label: 'Task',
  fields: [
    f('name', 'string'), f('statement', 'string'), f('status', 'enum'), f('deadline', 'DateOnly|DateTime|ShiftDate'),
    f('responsible', 'link'), f('auditors', 'links'), f('auditorsCount', 'count', { countOf: 'auditors', readOnly: true }),
    f('kpiUnit', 'string'), f('humanNumber', 'integer', { readOnly: true }), f('reminderTime', 'DateTime'), f('activity', 'DateTime'),
    f('linksCount', 'integer'), f('calculatedFields', 'computed', { readOnly: true }), f('tagsCount', 'count', { countOf: 'tags', readOnly: true }),
  ],
};
const field = (name: string) => type.fields.find((x) => x.name === name)!;
const task = (extra: Partial<Entity>): Entity => ({ contentType: 'Task', id: '1', ...extra });

describe('mayEdit', () => {
  it('follows editableFields when the server sends it', () => {
    const e = task({ editableFields: ['name'], possibleActions: ['act_edit'] });
    expect(mayEdit(e, field('name'))).toBe(true);
    expect(mayEdit(e, field('statement'))).toBe(false);
  });

  it('else allows writable fields when act_edit is offered, and nothing without it', () => {
    expect(mayEdit(task({ possibleActions: ['act_read', 'act_edit'] }), field('statement'))).toBe(true);
    expect(mayEdit(task({ possibleActions: ['act_read'] }), field('statement'))).toBe(false);
    expect(mayEdit(task({ possibleActions: ['act_edit'] }), field('humanNumber'))).toBe(false);
  });

  it('leaves status, deadline and responsible to their actions, and what the rules keep to the server', () => {
    const e = task({ possibleActions: ['act_edit'], editableFields: ['status', 'deadline', 'responsible', 'activity'] });
    for (const n of ['status', 'deadline', 'responsible', 'activity']) expect(mayEdit(e, field(n))).toBe(false);
  });
});

describe('otherFields', () => {
  it('shows what no block shows: filled ones, and blank ones the reader can fill', () => {
    const e = task({ possibleActions: ['act_edit'], linksCount: 3, reminderTime: null, kpiUnit: 'шт', auditors: [] });
    const { filled, blank } = otherFields(type, e);
    expect(filled.map((x) => x.name)).toEqual(['linksCount']);
    expect(blank.map((x) => x.name)).toEqual(['reminderTime']);
    expect(otherFields(type, task({ possibleActions: ['act_read'] })).blank).toEqual([]);
  });

  it('leaves the subscribers to the comments block', () => {
    const withSubs: TypeInfo = { ...type, fields: [...type.fields, f('subscribers', 'computed', { readOnly: true }), f('subscribed', 'computed', { readOnly: true })] };
    const e = task({ subscribed: true, subscribers: [{ contentType: 'Employee', id: '1' }] });
    expect(otherFields(withSubs, e).filled.map((x) => x.name)).not.toContain('subscribers');
  });
});
