import { describe, expect, it } from 'vitest';
import type { Entity } from '../../data/types';
import { dropOn, groupByState } from './board';

const deal = (id: string, state: string, possibleTransitions: unknown[] = []): Entity => ({ contentType: 'Deal', id, state: { contentType: 'ProgramState', id: state }, possibleTransitions });

describe('groupByState', () => {
  it('puts deals in their state columns and a moving deal where it goes', () => {
    const cols = groupByState([deal('1', 'a'), deal('2', 'b'), deal('3', 'x')], ['a', 'b'], { 'Deal:1': 'b' });
    expect(cols.a).toEqual([]);
    expect(cols.b.map((e) => e.id)).toEqual(['1', '2']);
  });
});

describe('dropOn', () => {
  const d = deal('1', 'a', [
    { id: 't1', to: { id: 'b' }, enabled: true, reasons: [] },
    { id: 't2', to: { id: 'c' }, enabled: false, reasons: ['Заполните поле «Клиент»'] },
  ]);
  it('moves by the enabled transition leading to the column', () => {
    expect(dropOn(d, 'b')).toEqual({ kind: 'move', transition: expect.objectContaining({ id: 't1' }) });
  });
  it('gives the server reasons of a refused transition', () => {
    expect(dropOn(d, 'c')).toEqual({ kind: 'refused', reasons: ['Заполните поле «Клиент»'] });
  });
  it('knows when nothing leads there, or the deal is already there', () => {
    expect(dropOn(d, 'z')).toEqual({ kind: 'none' });
    expect(dropOn(d, 'a')).toEqual({ kind: 'same' });
  });
});
