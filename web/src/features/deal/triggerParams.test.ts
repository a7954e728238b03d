import { describe, expect, it } from 'vitest';
import { actionIncomplete, cleanAction, moved, newAction, parseParams } from './triggerParams';

describe('scenario params', () => {
  it('reads what the server stores, and nothing as empty', () => {
    expect(parseParams('{"states":["3"],"actions":[{"type":"message","text":"x"}]}')).toEqual({ states: ['3'], allowed: [], actions: [{ type: 'message', text: 'x' }] });
    expect(parseParams('')).toEqual({ states: [], allowed: [], actions: [] });
    expect(parseParams('not json')).toEqual({ states: [], allowed: [], actions: [] });
  });

  it('writes only the keys an action reads, its amount as a number', () => {
    expect(cleanAction({ ...newAction('webhook'), url: ' https://x.test/h ', text: 'left over' })).toEqual({ type: 'webhook', url: 'https://x.test/h' });
    expect(cleanAction({ type: 'createTodo', name: ' Позвонить ', inDays: 2, url: 'x' })).toEqual({ type: 'createTodo', name: 'Позвонить', inDays: 2 });
    expect(cleanAction({ type: 'setField', field: 'price', value: { contentType: 'Money', value: '1500.5', currency: 'RUB' } }))
      .toEqual({ type: 'setField', field: 'price', value: { contentType: 'Money', value: 1500.5, currency: 'RUB' } });
    expect(cleanAction({ type: 'setField', field: 'description', value: 'КП отправлено' })).toEqual({ type: 'setField', field: 'description', value: 'КП отправлено' });
  });

  it('holds back an action that lacks what the server needs', () => {
    expect(actionIncomplete(newAction('message'))).toBe(true);
    expect(actionIncomplete({ type: 'message', text: 'ok' })).toBe(false);
    expect(actionIncomplete({ type: 'createTask', template: 'abc' })).toBe(true);
    expect(actionIncomplete({ type: 'createTask', template: '55' })).toBe(false);
    expect(actionIncomplete({ type: 'createTodo', name: 'x', inDays: 400 })).toBe(true);
    expect(actionIncomplete({ type: 'setField', field: 'manager', value: null })).toBe(true);
    expect(actionIncomplete({ type: 'setField', field: 'manager', value: { contentType: 'Employee', id: '1' } })).toBe(false);
    expect(actionIncomplete({ type: 'setField', field: 'price', value: { contentType: 'Money', value: '', currency: 'RUB' } })).toBe(true);
    expect(actionIncomplete({ type: 'setField', field: 'state', value: 'x' })).toBe(true);
    // An empty text clears the field: that is a value.
    expect(actionIncomplete({ type: 'setField', field: 'description', value: '' })).toBe(false);
  });

  it('moves an item one place and ignores a move off the ends', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    const list = ['a', 'b'];
    expect(moved(list, 0, -1)).toBe(list);
    expect(moved(list, 1, 1)).toBe(list);
  });
});
