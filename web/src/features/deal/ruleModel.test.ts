import { describe, expect, it } from 'vitest';
import { emptyGroup, fromRule, incomplete, newCond, toRule, type FieldCond, type Group } from './ruleModel';
import { ruleFields } from './ruleFields';
import { sentence } from './ruleSentence';
import ru from '../../i18n/locales/ru/deal.json';

// t reads the Russian catalogue and fills {{placeholders}}, as i18next does.
const t = (key: string, opts: Record<string, unknown> = {}) => {
  let v: unknown = ru;
  for (const part of key.split('.')) v = (v as Record<string, unknown>)?.[part];
  return String(v ?? key).replace(/{{(\w+)}}/g, (_, k: string) => String(opts[k]));
};
const fields = ruleFields(t, [
  { contentType: 'EnumField', name: 'CustomField1', hrName: 'Источник', enumValues: ['Сайт', 'Звонок'] },
  { contentType: 'BoolField', name: 'CustomField2', hrName: 'VIP' },
  { contentType: 'DurationField', name: 'CustomField3', hrName: 'Длительность' },
  { contentType: 'EnumField', name: 'CustomField4', hrName: 'Теги', isMultiple: true, enumValues: ['a'] },
]);

const ctx = { t, fields, lang: 'ru', stateName: (id: string) => ({ '7': 'Переговоры' })[id] ?? id };

const money = (value: number) => ({ contentType: 'Money', value, currency: 'RUB' });
const priceOver = { contentType: 'MoneyFieldRule', field: 'price', comparison: 'greater', value: money(10000) };
const clientSet = { contentType: 'RefFieldRule', field: 'contractor', comparison: 'setted' };

describe('the rule form', () => {
  it('builds "price > 10000 AND contractor is set" and reads it back', () => {
    const g = emptyGroup();
    const price = { ...(newCond('field', fields) as FieldCond), cmp: 'greater', a: '10000' };
    const client = { ...(newCond('field', fields) as FieldCond), field: 'contractor', cmp: 'setted' };
    g.items = [price, client];
    expect(incomplete(g, fields)).toBe(false);
    const rule = toRule(g, fields);
    expect(rule).toEqual({ contentType: 'AndRule', children: [priceOver, clientSet] });
    expect(toRule(fromRule(rule, fields), fields)).toEqual(rule);
    expect(sentence(g, ctx)).toBe('«Сумма» больше 10\u00a0000 RUB и «Клиент» заполнено');
  });

  it('writes no rule for an empty form and no group around one condition', () => {
    expect(toRule(emptyGroup(), fields)).toBeNull();
    expect(fromRule(null, fields).items).toEqual([]);
    expect(toRule(fromRule(clientSet, fields), fields)).toEqual(clientSet);
    expect(sentence(fromRule(undefined, fields), ctx)).toBe('Без условия');
    // A group just added writes nothing and says nothing.
    const g: Group = { ...emptyGroup(), items: [fromRule(clientSet, fields).items[0], emptyGroup()] };
    expect(toRule(g, fields)).toEqual(clientSet);
    expect(sentence(g, ctx)).toBe('«Клиент» заполнено');
    expect(sentence({ ...emptyGroup(), items: [emptyGroup()] }, ctx)).toBe('Без условия');
  });

  it('keeps NOT, OR, nesting and every kind it edits through a round trip', () => {
    const rule = {
      contentType: 'OrRule',
      children: [
        { contentType: 'NotRule', rule: clientSet },
        { contentType: 'AndRule', children: [{ contentType: 'ProgramStateRule', state: { contentType: 'ProgramState', id: '7' } }, { contentType: 'PaidRule', type: 'partial' }] },
        { contentType: 'CurrentUserRule', currentUser: [{ contentType: 'ProgramRole', id: 'manager' }, { contentType: 'Employee', id: '3' }] },
        { contentType: 'CurrentTimeRule', interval: { contentType: 'IntervalTime', from: { contentType: 'DateTime', value: '2026-01-01T09:00:00+03:00' }, to: { contentType: 'DateTime', value: '2026-01-01T18:00:00+03:00' } } },
        { contentType: 'EnumFieldRule', field: 'CustomField1', comparison: 'one_of', value: ['Сайт'] },
        { contentType: 'BoolFieldRule', field: 'CustomField2', comparison: 'equal', value: false },
        { contentType: 'DateFieldRule', field: 'stateTimeUpdated', comparison: 'smaller_or_equal', value: { contentType: 'Variable', name: 'today', value: '-3' } },
        { contentType: 'DateFieldRule', field: 'timeCreated', comparison: 'interval', value: { contentType: 'RuleIntervalDates', from: { contentType: 'DateOnly', year: 2026, month: 0, day: 31 }, to: null } },
        { contentType: 'NumberFieldRule', field: 'paymentProgress', comparison: 'interval', value: { contentType: 'IntervalNumbers', from: 50, to: 100 } },
        { contentType: 'StringFieldRule', field: 'description', comparison: 'contains', value: 'VIP' },
      ],
    };
    const g = fromRule(rule, fields);
    expect(g.all).toBe(false);
    expect(g.items.map((i) => i.kind)).toEqual(['field', 'group', 'user', 'time', 'field', 'field', 'field', 'field', 'field', 'field']);
    expect(g.items[0].not).toBe(true);
    expect(toRule(g, fields)).toEqual(rule);
    expect(sentence(g, ctx)).toBe([
      '«Клиент» не заполнено',
      '(сделка в статусе «Переговоры» и сделка оплачена хотя бы частично)',
      'действует Менеджер или выбранные сотрудники (1)',
      'время с 09:00 до 18:00 (UTC+03:00)',
      '«Источник» — одно из: «Сайт»',
      '«VIP» равно нет',
      '«Время смены статуса» не больше сегодня -3 дн.',
      '«Дата создания» от 31.01.2026',
      '«Оплачено, %» от 50 до 100',
      '«Описание» содержит «VIP»',
    ].join(' или '));
  });

  it('keeps what it cannot edit as it came', () => {
    const event = { contentType: 'FieldValueChangedRule', fieldRule: { field: 'price' }, noChoiceComparison: true };
    const unknownField = { contentType: 'StringFieldRule', field: 'CustomField9', comparison: 'setted' };
    const rule = { contentType: 'AndRule', children: [event, unknownField] };
    const g = fromRule(rule, fields);
    expect(g.items.map((i) => i.kind)).toEqual(['raw', 'raw']);
    expect(toRule(g, fields)).toEqual(rule);
    expect(sentence(g, ctx)).toBe('условие FieldValueChangedRule и условие StringFieldRule');
  });

  it('offers only the extra fields a rule can read', () => {
    const names = fields.map((f) => f.name);
    expect(names).toContain('CustomField1');
    expect(names).not.toContain('CustomField3');
    expect(names).not.toContain('CustomField4');
  });

  it('holds back saving until each condition has its value', () => {
    const g: Group = { ...emptyGroup(), items: [{ ...(newCond('field', fields) as FieldCond), cmp: 'greater', a: '' }] };
    expect(incomplete(g, fields)).toBe(true);
    (g.items[0] as FieldCond).a = '1,5';
    expect(incomplete(g, fields)).toBe(true);
    (g.items[0] as FieldCond).a = '1.5';
    expect(incomplete(g, fields)).toBe(false);
    expect(incomplete({ ...emptyGroup(), items: [newCond('state', fields)] }, fields)).toBe(true);
  });
});
