// Calendar and to-do addresses (spec 000 §2 Calendar): /time/{type}/ for
// month, week and day views, /todo/{type}/ for list and filter views, and
// links /{section}/{period}/?day=YYYY-MM-DD. The chosen period is kept in
// the browser.
import { allOf, refIs, type FilterConfig } from './filters';

export const timeTypes = ['month', 'week', 'day'] as const;
export const todoTypes = ['list', 'filter'] as const;
export type TimeType = (typeof timeTypes)[number];
export type TodoType = (typeof todoTypes)[number];
export type Period = TimeType | TodoType;

export const DEFAULT_TIME_TYPE: TimeType = 'week';
export const DEFAULT_TODO_TYPE: TodoType = 'list';
export const DEFAULT_TODO_FILTER = 'myItems';
const PERIOD_KEY = 'artel.calendar.period';

export function isTimeType(v: string | undefined): v is TimeType {
  return (timeTypes as readonly string[]).includes(v ?? '');
}

export function isTodoType(v: string | undefined): v is TodoType {
  return (todoTypes as readonly string[]).includes(v ?? '');
}

/** calendarSection: to-do for list and filter periods, time otherwise. */
export function calendarSection(period: Period): 'todo' | 'time' {
  return isTodoType(period) ? 'todo' : 'time';
}

/** isoDay formats a local calendar day as YYYY-MM-DD. */
export function isoDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** parseDay reads ?day=YYYY-MM-DD as a local day; an invalid day gives undefined. */
export function parseDay(text: string | null | undefined): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 && d.getDate() === Number(m[3]) ? d : undefined;
}

export function calendarLink(period: Period, day: Date): string {
  return `/${calendarSection(period)}/${period}/?day=${isoDay(day)}`;
}

export function storedPeriod(storage: Pick<Storage, 'getItem'>): Period | undefined {
  try {
    const v = storage.getItem(PERIOD_KEY) ?? undefined;
    return isTimeType(v) || isTodoType(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export function storePeriod(storage: Pick<Storage, 'setItem'>, period: Period) {
  try {
    storage.setItem(PERIOD_KEY, period);
  } catch {
    // not remembered; the default applies next time
  }
}

/** timeRedirect: /time without a valid type opens the saved time period, else week. */
export function timeRedirect(stored: Period | undefined, filterId?: string): string {
  const type = isTimeType(stored) ? stored : DEFAULT_TIME_TYPE;
  return filterId ? `/time/${type}/${filterId}` : `/time/${type}`;
}

/** todoRedirect: /todo without a valid type opens the list of my to-dos. */
export function todoRedirect(type: string | undefined, filterId: string | undefined): string {
  return `/todo/${isTodoType(type) ? type : DEFAULT_TODO_TYPE}/${filterId || DEFAULT_TODO_FILTER}`;
}

/** periodRange is [start, end) of the month, week (from firstDay: 0 Sunday … 6 Saturday, Monday by default) or day holding day. */
export function periodRange(type: TimeType, day: Date, firstDay = 1): [Date, Date] {
  const y = day.getFullYear();
  const m = day.getMonth();
  const d = day.getDate();
  if (type === 'month') return [new Date(y, m, 1), new Date(y, m + 1, 1)];
  if (type === 'day') return [new Date(y, m, d), new Date(y, m, d + 1)];
  const first = d - ((day.getDay() - firstDay + 7) % 7);
  return [new Date(y, m, first), new Date(y, m, first + 7)];
}

/** todoFilter: myItems are the user's own to-dos. */
export function todoFilter(filterId: string, userId: string): FilterConfig | undefined {
  return filterId === DEFAULT_TODO_FILTER ? allOf(refIs('responsible', 'Employee', userId)) : undefined;
}
