import { describe, expect, it } from 'vitest';
import type { RuleField } from './ruleModel';
import { joinRule, splitRule, whenOf } from './triggerRule';

const fields: RuleField[] = [
  { name: 'price', label: 'Сумма', kind: 'Money' },
  { name: 'manager', label: 'Менеджер', kind: 'Ref' },
];
const paid = { contentType: 'PaidRule', type: 'full' };
const days3 = { contentType: 'DateFieldRule', field: 'stateTimeUpdated', comparison: 'smaller_or_equal', value: { contentType: 'Variable', name: 'today', value: '-3' } };

describe('trigger rules', () => {
  it('writes a system event alone or beside the condition', () => {
    expect(joinRule('system', { event: 'created', field: '', days: 0 }, null, fields)).toEqual({ contentType: 'InstanceCreatedRule' });
    expect(joinRule('system', { event: 'fieldChanged', field: 'manager', days: 0 }, paid, fields)).toEqual({
      contentType: 'AndRule',
      children: [{ contentType: 'FieldValueChangedRule', noChoiceComparison: true, fieldRule: { contentType: 'RefFieldRule', field: 'manager' } }, paid],
    });
  });
  it('writes days in the state for a schedule, nothing for zero days', () => {
    expect(joinRule('schedule', { event: 'created', field: '', days: 3 }, null, fields)).toEqual(days3);
    expect(joinRule('schedule', { event: 'created', field: '', days: 0 }, paid, fields)).toEqual(paid);
  });
  it('leaves the event out when the type changes', () => {
    const { rest } = splitRule({ contentType: 'AndRule', children: [{ contentType: 'ProgramStateChangedRule' }, paid] }, 'system');
    expect(joinRule('button', { event: 'stateChanged', field: '', days: 0 }, rest, fields)).toEqual(paid);
  });
  it('reads back what it wrote, keeping the rest', () => {
    const saved = joinRule('schedule', { event: 'created', field: '', days: 5 }, { contentType: 'AndRule', children: [paid, paid] }, fields);
    expect(whenOf(saved, 'schedule').days).toBe(5);
    expect(splitRule(saved, 'schedule').rest).toEqual({ contentType: 'AndRule', children: [paid, paid] });
    const sys = joinRule('system', { event: 'fieldChanged', field: 'price', days: 0 }, null, fields);
    expect(whenOf(sys, 'system')).toMatchObject({ event: 'fieldChanged', field: 'price', days: 0 });
    expect(whenOf(null, 'auto')).toEqual({ event: 'created', field: 'price', days: 0, raw: undefined });
  });
  it('keeps days in the state as a condition of another type', () => {
    expect(splitRule(days3, 'button')).toEqual({ when: {}, rest: days3 });
    expect(joinRule('button', whenOf(days3, 'button'), splitRule(days3, 'button').rest, fields)).toEqual(days3);
  });
  it('keeps a field change with a comparison as the server has it', () => {
    const cmp = { contentType: 'FieldValueChangedRule', fieldRule: { contentType: 'MoneyFieldRule', field: 'price', comparison: 'greater', value: 1 } };
    expect(splitRule(cmp, 'system').when).toEqual({ event: 'fieldChanged', field: 'price', raw: cmp });
    expect(joinRule('system', whenOf(cmp, 'system'), null, fields)).toEqual(cmp);
    expect(joinRule('system', { ...whenOf(cmp, 'system'), field: 'manager' }, null, fields)).toMatchObject({ noChoiceComparison: true });
  });
});
