// DateOnly (value.DateOnly): a calendar day whose month counts from 0, like
// JavaScript's Date. Pickers speak "YYYY-MM-DD" strings.
import { parseDateText } from '../../format/dateText';

export interface DateOnlyValue {
  contentType: 'DateOnly';
  year: number;
  /** 0 = January */
  month: number;
  day: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function isDateOnly(v: unknown): v is DateOnlyValue {
  const d = v as DateOnlyValue;
  return typeof v === 'object' && v !== null && d.contentType === 'DateOnly' && typeof d.year === 'number';
}

/** toPickerDay: {month: 0} is January, "YYYY-01-DD". */
export function toPickerDay(v: DateOnlyValue): string {
  return `${pad(v.year, 4)}-${pad(v.month + 1)}-${pad(v.day)}`;
}

/** fromPickerDay reads the day of "YYYY-MM-DD[ HH:mm:ss]". */
export function fromPickerDay(s: string | null): DateOnlyValue | null {
  const m = s ? /^(\d{4})-(\d{2})-(\d{2})/.exec(s) : null;
  if (!m) return null;
  return { contentType: 'DateOnly', year: Number(m[1]), month: Number(m[2]) - 1, day: Number(m[3]) };
}

export function dateOnlyOf(d: Date): DateOnlyValue {
  return { contentType: 'DateOnly', year: d.getFullYear(), month: d.getMonth(), day: d.getDate() };
}

export function formatDateOnly(v: DateOnlyValue): string {
  return `${pad(v.day)}.${pad(v.month + 1)}.${pad(v.year, 4)}`;
}

/** dayParser lets DateInput read typed text by the spec's rules. */
export function dayParser(text: string): string | null {
  const parsed = parseDateText(text);
  return parsed ? toPickerDay(dateOnlyOf(parsed.date)) : null;
}
