import { describe, expect, it } from 'vitest';
import {
  calendarLink,
  calendarSection,
  parseDay,
  periodRange,
  storedPeriod,
  storePeriod,
  timeRedirect,
  todoFilter,
  todoRedirect,
} from './calendar';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('calendar links', () => {
  it('use the to-do section for list and filter periods, time otherwise', () => {
    expect(calendarSection('list')).toBe('todo');
    expect(calendarSection('filter')).toBe('todo');
    expect(calendarSection('week')).toBe('time');
    const day = new Date(2026, 0, 5);
    expect(calendarLink('month', day)).toBe('/time/month/?day=2026-01-05');
    expect(calendarLink('list', day)).toBe('/todo/list/?day=2026-01-05');
  });
  it('parse the day parameter strictly', () => {
    expect(parseDay('2026-02-28')?.getDate()).toBe(28);
    expect(parseDay('2026-02-30')).toBeUndefined();
    expect(parseDay('5.1.2026')).toBeUndefined();
    expect(parseDay(null)).toBeUndefined();
  });
});

describe('period preference', () => {
  it('opens week without a saved period and the saved one otherwise', () => {
    const s = memory();
    expect(timeRedirect(storedPeriod(s))).toBe('/time/week');
    storePeriod(s, 'month');
    expect(timeRedirect(storedPeriod(s))).toBe('/time/month');
    expect(timeRedirect(storedPeriod(s), '5')).toBe('/time/month/5');
  });
  it('ignores a saved to-do period for the time section and junk values', () => {
    const s = memory();
    storePeriod(s, 'list');
    expect(timeRedirect(storedPeriod(s))).toBe('/time/week');
    s.setItem('artel.calendar.period', 'year');
    expect(storedPeriod(s)).toBeUndefined();
  });
});

describe('to-do routes', () => {
  it('default to my items in the list', () => {
    expect(todoRedirect(undefined, undefined)).toBe('/todo/list/myItems');
    expect(todoRedirect('filter', undefined)).toBe('/todo/filter/myItems');
    expect(todoRedirect('bogus', '3')).toBe('/todo/list/3');
  });
  it('filters my items by responsible', () => {
    expect(todoFilter('myItems', '2')!.termGroup.terms[0]).toMatchObject({ field: 'responsible', value: [{ contentType: 'Employee', id: '2' }] });
    expect(todoFilter('all', '2')).toBeUndefined();
  });
});

describe('periods', () => {
  it('computes month, week (Monday first) and day ranges', () => {
    const wed = new Date(2026, 0, 7);
    expect(periodRange('month', wed).map((d) => d.getDate())).toEqual([1, 1]);
    expect(periodRange('week', wed).map((d) => d.toDateString())).toEqual([new Date(2026, 0, 5).toDateString(), new Date(2026, 0, 12).toDateString()]);
    // An account whose weeks start on Sunday (weekStart 7).
    expect(periodRange('week', wed, 0).map((d) => d.toDateString())).toEqual([new Date(2026, 0, 4).toDateString(), new Date(2026, 0, 11).toDateString()]);
    expect(periodRange('week', new Date(2026, 0, 4), 0)[0].toDateString()).toBe(new Date(2026, 0, 4).toDateString());
    expect(periodRange('week', new Date(2026, 0, 11))[0].getDate()).toBe(5);
    expect(periodRange('day', wed)[1].getDate()).toBe(8);
  });
});
