// DateTime (value.DateTime): an instant written as ISO text with the
// client's offset. Pickers speak local "YYYY-MM-DD HH:mm:ss" strings.
import dayjs from 'dayjs';
import { parseDateText } from '../../format/dateText';

export interface DateTimeValue {
  contentType: 'DateTime';
  value: string;
}

export function isDateTime(v: unknown): v is DateTimeValue {
  const d = v as DateTimeValue;
  return typeof v === 'object' && v !== null && d.contentType === 'DateTime' && typeof d.value === 'string';
}

const PICKER = 'YYYY-MM-DD HH:mm:ss';

export function toPickerTime(v: DateTimeValue): string {
  return dayjs(v.value).format(PICKER);
}

/** fromPickerTime: the local moment with the browser's offset, seconds kept. */
export function fromPickerTime(s: string | null): DateTimeValue | null {
  if (!s) return null;
  const d = dayjs(s);
  return d.isValid() ? dateTimeOf(d.toDate()) : null;
}

export function dateTimeOf(d: Date): DateTimeValue {
  return { contentType: 'DateTime', value: dayjs(d).format('YYYY-MM-DDTHH:mm:ssZ') };
}

export function formatDateTime(v: DateTimeValue): string {
  const d = dayjs(v.value);
  return d.isValid() ? d.format('DD.MM.YYYY HH:mm') : '';
}

/** timeParser lets DateInput read typed "DD.MM.YYYY HH:mm". */
export function timeParser(text: string): string | null {
  const parsed = parseDateText(text);
  return parsed ? dayjs(parsed.date).format(PICKER) : null;
}
