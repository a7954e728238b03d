import { describe, expect, it } from 'vitest';
import { spanOf, whenOf } from './when';

describe('a to-do’s when on the calendar', () => {
  it('reads a timed to-do, its end defaulting to 30 minutes', () => {
    const s = spanOf({ contentType: 'Todo', id: '1', when: { contentType: 'IntervalTime', from: { contentType: 'DateTime', value: '2026-11-26T10:00:00Z' }, to: null } });
    expect(s).toEqual({ start: new Date('2026-11-26T10:00:00Z'), end: new Date('2026-11-26T10:30:00Z'), allDay: false });
  });

  it('ends whole days the midnight after the last, and writes them back', () => {
    const when = { contentType: 'IntervalDates', from: { contentType: 'DateOnly', year: 2026, month: 10, day: 27 }, to: { contentType: 'DateOnly', year: 2026, month: 10, day: 28 } };
    const s = spanOf({ contentType: 'Todo', id: '1', when })!;
    expect(s.allDay).toBe(true);
    expect(s.end).toEqual(new Date(2026, 10, 29));
    expect(whenOf(s)).toEqual(when);
  });

  it('has no span without a start', () => {
    expect(spanOf({ contentType: 'Todo', id: '1', when: null })).toBeNull();
  });
});
