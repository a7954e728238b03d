// A to-do's repetition as the card edits it, and the Schedule the API
// takes and shows (docs/todo.md, "Repetition"): every N days, weeks on
// chosen days (1 Monday to 7 Sunday), months or years; for ever, until a
// date, or N times.
import type { TFunction } from 'i18next';

export type Interval = 'day' | 'week' | 'month' | 'year';

export interface Repeat {
  interval: Interval;
  each: number;
  weekDays: number[];
  end: 'never' | 'date' | 'count';
  /** YYYY-MM-DD, for end 'date'. */
  endDate: string;
  repetitions: number;
}

interface DateOnly {
  year: number;
  month: number;
  day: number;
}

const intervals: Interval[] = ['day', 'week', 'month', 'year'];
const pad = (n: number) => String(n).padStart(2, '0');

/** repeatOf reads a to-do's schedule; null when it does not repeat. */
export function repeatOf(schedule: unknown): Repeat | null {
  if (!schedule || typeof schedule !== 'object') return null;
  const s = schedule as { interval?: string; each?: number; weekDays?: number[]; endDate?: DateOnly | null; repetitions?: number };
  if (!intervals.includes(s.interval as Interval)) return null;
  const end = s.endDate ? `${s.endDate.year}-${pad(s.endDate.month + 1)}-${pad(s.endDate.day)}` : '';
  return {
    interval: s.interval as Interval,
    each: s.each && s.each > 0 ? s.each : 1,
    weekDays: Array.isArray(s.weekDays) ? s.weekDays : [],
    end: end ? 'date' : s.repetitions ? 'count' : 'never',
    endDate: end,
    repetitions: s.repetitions ?? 10,
  };
}

/** scheduleBody is the Schedule to send for a repetition. */
export function scheduleBody(r: Repeat): Record<string, unknown> {
  const body: Record<string, unknown> = { contentType: 'Schedule', interval: r.interval, each: Math.max(1, Math.floor(r.each)) };
  if (r.interval === 'week' && r.weekDays.length > 0) body.weekDays = [...r.weekDays].sort((a, b) => a - b);
  if (r.end === 'count') body.repetitions = Math.max(1, Math.floor(r.repetitions));
  if (r.end === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(r.endDate)) {
    const [y, m, d] = r.endDate.split('-').map(Number);
    body.endDate = { contentType: 'DateOnly', year: y, month: m - 1, day: d };
  }
  return body;
}

/** describeRepeat says a repetition in words: "Every 2 weeks on Mon, Wed, 10 times". */
export function describeRepeat(r: Repeat, t: TFunction, lang: string): string {
  const parts = [r.each === 1 ? t(`todo.repeat.once.${r.interval}`) : t(`todo.repeat.every.${r.interval}`, { count: r.each })];
  if (r.interval === 'week' && r.weekDays.length > 0) {
    const names = new Intl.DateTimeFormat(lang, { weekday: 'short' });
    // 2024-01-01 was a Monday: day d of the ISO week is January d.
    parts.push(t('todo.repeat.onDays', { days: r.weekDays.map((d) => names.format(new Date(2024, 0, d))).join(', ') }));
  }
  if (r.end === 'count') parts.push(t('todo.repeat.times', { count: r.repetitions }));
  if (r.end === 'date' && r.endDate) {
    const [y, m, d] = r.endDate.split('-').map(Number);
    parts.push(t('todo.repeat.until', { date: new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(y, m - 1, d)) }));
  }
  return parts.join(', ');
}
