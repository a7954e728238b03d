// The History block's lines: one save's added and removed links join into
// one line, other rows stay as they are, and fields are labelled from the
// catalogue or the account's own field definitions.
import { describe, expect, it } from 'vitest';
import type { FieldInfo, TypeInfo } from '../../data/catalog';
import { historyField, historyLines, type FieldChange } from './historyLines';

const f = (name: string, kind: string, label: string): FieldInfo => ({
  name, kind, label, sortable: false, readOnly: false, required: false, writeOnly: false,
});
const taskType: TypeInfo = { name: 'Task', endpoint: 'task', label: 'Task', fields: [f('name', 'string', 'Name'), f('executors', 'links', 'Executors'), f('tags', 'links', 'Tags')] };
const extras = [{ name: 'CustomField3', hrName: 'Channel', type: 'enum', enumValues: ['Site', 'Call'] }];

const olga = { contentType: 'Employee', id: '5' };
const at = (v: string) => ({ contentType: 'DateTime', value: v });
const emp = (id: string) => ({ contentType: 'Employee', id });
let next = 100;
const row = (field: string | null, oldValue: unknown, newValue: unknown, time = '10:00', author: unknown = olga): FieldChange => ({
  id: String(next--), field, oldValue, newValue, author, timeCreated: at(time),
});

describe('history lines', () => {
  it('joins the added and removed rows of one save', () => {
    const lines = historyLines([row('executors', null, [emp('2')]), row('executors', [emp('4'), emp('6')], null)], taskType, []);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'links', added: [emp('2')], removed: [emp('4'), emp('6')] });
    expect(lines[0].kind === 'links' && lines[0].field.label).toBe('Executors');
  });

  it('keeps rows of different saves, fields or authors apart', () => {
    const lines = historyLines(
      [
        row('executors', null, [emp('2')], '10:02'),
        row('executors', [emp('4')], null, '10:01'),
        row('tags', [{ contentType: 'Tag', id: '1' }], null, '10:01'),
        row('tags', null, [{ contentType: 'Tag', id: '1' }], '10:01', emp('3')),
        row('executors', null, [emp('7')], '10:00'),
        row('executors', null, [emp('8')], '10:00'),
      ],
      taskType,
      [],
    );
    expect(lines.map((l) => (l.kind === 'links' ? `${l.field.name}+${l.added.length}-${l.removed.length}` : l.kind))).toEqual([
      'executors+1-0', 'executors+0-1', 'tags+0-1', 'tags+1-0', 'executors+1-0', 'executors+1-0',
    ]);
  });

  it('shows values, the creation and extra fields by their labels', () => {
    const lines = historyLines([row('CustomField3', 'Site', 'Call'), row('name', 'Draft', 'Final'), row(null, null, null)], taskType, extras);
    expect(lines[0]).toMatchObject({ kind: 'value', oldValue: 'Site', newValue: 'Call', field: { label: 'Channel', kind: 'enum', values: ['Site', 'Call'] } });
    expect(lines[1]).toMatchObject({ kind: 'value', field: { label: 'Name' } });
    expect(lines[2].kind).toBe('created');
  });

  it('names a field deleted since by its name', () => {
    expect(historyField(taskType, extras, 'CustomField9')).toMatchObject({ label: 'CustomField9', kind: 'object' });
  });
});
