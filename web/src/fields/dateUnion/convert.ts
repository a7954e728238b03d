// Unions of date kinds (value.DateUnion), e.g. Task.deadline is
// "DateOnly|DateTime|ShiftDate": the value's contentType tells the member.
import { dateOnlyOf, isDateOnly } from '../dateOnly/convert';
import { dateTimeOf, isDateTime } from '../dateTime/convert';

export function unionMembers(kind: string): string[] {
  return kind.split('|').filter(Boolean);
}

/** memberOf is the member a value belongs to, or undefined for none. */
export function memberOf(value: unknown, members: string[]): string | undefined {
  const ct = typeof value === 'object' && value !== null ? (value as { contentType?: unknown }).contentType : undefined;
  return typeof ct === 'string' && members.includes(ct) ? ct : undefined;
}

/**
 * switchMember carries a value over when the user picks another member:
 * a day becomes that day's midnight and an instant its day; anything else
 * starts empty.
 */
export function switchMember(value: unknown, to: string): unknown {
  if (to === 'DateTime' && isDateOnly(value)) return dateTimeOf(new Date(value.year, value.month, value.day));
  if (to === 'DateOnly' && isDateTime(value)) return dateOnlyOf(new Date(value.value));
  return null;
}
