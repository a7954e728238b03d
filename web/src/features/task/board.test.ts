import { describe, expect, it } from 'vitest';
import type { Entity } from '../../data/types';
import { groupByStatus } from './board';

const task = (id: string, status: string): Entity => ({ contentType: 'Task', id, status });

describe('groupByStatus', () => {
  it('puts every task in its status column, in list order, leaving templates out', () => {
    const cols = groupByStatus([task('1', 'accepted'), task('2', 'done'), task('3', 'accepted'), task('4', 'template')], {});
    expect(cols.accepted.map((e) => e.id)).toEqual(['1', '3']);
    expect(cols.done.map((e) => e.id)).toEqual(['2']);
    expect(Object.values(cols).flat()).toHaveLength(3);
  });

  it('shows a task being moved in the column it goes to', () => {
    const cols = groupByStatus([task('1', 'accepted')], { 'Task:1': 'delayed' });
    expect(cols.accepted).toEqual([]);
    expect(cols.delayed.map((e) => e.id)).toEqual(['1']);
  });
});
