// A to-do's when (IntervalTime or IntervalDates, docs/todo.md) as the
// calendar's events hold it, and back. Whole days are DateOnly values
// (0-based month, the reference's convention) and end on their last day;
// the calendar's all-day events end the midnight after it.
import type { Entity } from '../../data/types';

export interface Span {
  start: Date;
  end: Date;
  allDay: boolean;
}

interface DateOnly {
  year: number;
  month: number;
  day: number;
}

const dayOf = (d: DateOnly) => new Date(d.year, d.month, d.day);
const dateOnly = (d: Date) => ({ contentType: 'DateOnly', year: d.getFullYear(), month: d.getMonth(), day: d.getDate() });
const dateTime = (d: Date) => ({ contentType: 'DateTime', value: d.toISOString() });

/** spanOf reads a to-do's when; null for one with no time. */
export function spanOf(todo: Entity): Span | null {
  const w = todo.when as { contentType?: string; from?: unknown; to?: unknown } | null | undefined;
  if (!w || !w.from) return null;
  if (w.contentType === 'IntervalTime') {
    const from = new Date((w.from as { value: string }).value);
    const to = w.to ? new Date((w.to as { value: string }).value) : new Date(from.getTime() + 30 * 60_000);
    return { start: from, end: to, allDay: false };
  }
  if (w.contentType === 'IntervalDates') {
    const from = dayOf(w.from as DateOnly);
    const last = w.to ? dayOf(w.to as DateOnly) : from;
    return { start: from, end: new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1), allDay: true };
  }
  return null;
}

/** whenOf is the body of a span: whole days end on the day before the calendar's end. */
export function whenOf(s: Span): Record<string, unknown> {
  if (s.allDay) {
    const last = new Date(s.end.getFullYear(), s.end.getMonth(), s.end.getDate() - 1);
    return { contentType: 'IntervalDates', from: dateOnly(s.start), to: dateOnly(last < s.start ? s.start : last) };
  }
  return { contentType: 'IntervalTime', from: dateTime(s.start), to: dateTime(s.end) };
}
