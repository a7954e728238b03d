// The registry of field kinds: the catalogue's kind name picks a Display and
// an Editor, so generic lists, cards, forms and filters work for every type.
import type { FieldKind } from './types';
import stringKind from './string';
import { integerKind, numberKind } from './number';
import booleanKind from './boolean';
import enumKind from './enum';
import moneyKind from './money';
import dateTimeKind from './dateTime';
import dateOnlyKind from './dateOnly';
import dateIntervalKind from './dateInterval';
import intervalDatesKind from './intervalDates';
import intervalTimeKind from './intervalTime';
import dateShiftKind from './dateShift';
import shiftDateKind from './shiftDate';
import jsonKind from './json';
import stringListKind from './stringList';
import linkKind from './link';
import linksKind from './links';
import countKind from './count';
import { makeUnionKind } from './dateUnion';

export type { FieldKind, DisplayProps, EditorProps } from './types';

const kinds: Record<string, FieldKind> = {
  string: stringKind,
  integer: integerKind,
  number: numberKind,
  boolean: booleanKind,
  enum: enumKind,
  Money: moneyKind,
  DateTime: dateTimeKind,
  DateOnly: dateOnlyKind,
  DateInterval: dateIntervalKind,
  IntervalDates: intervalDatesKind,
  IntervalTime: intervalTimeKind,
  DateShift: dateShiftKind,
  ShiftDate: shiftDateKind,
  'string[]': stringListKind,
  link: linkKind,
  links: linksKind,
  count: countKind,
  object: jsonKind,
  array: jsonKind,
  computed: jsonKind,
};

// Union kinds are built once per spelling so their components keep identity.
const unions = new Map<string, FieldKind>();

/** fieldKind gives the Display and Editor of a kind; unknown kinds are shown read-only. */
export function fieldKind(kind: string): FieldKind {
  const known = kinds[kind];
  if (known) return known;
  if (kind.includes('|') && kind.split('|').every((m) => m in kinds)) {
    let union = unions.get(kind);
    if (!union) {
      union = makeUnionKind(kind, fieldKind);
      unions.set(kind, union);
    }
    return union;
  }
  return jsonKind;
}

/** isEmptyValue: no value at all. */
export function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/**
 * isBlankValue: nothing worth a line of its own in a card: no value, a
 * "no", or a zero count, which most of an entity's flags and counters are.
 */
export function isBlankValue(kind: string, v: unknown): boolean {
  return isEmptyValue(v) || v === false || (v === 0 && (kind === 'count' || kind === 'computed'));
}

export { FieldView, FieldEdit } from './Field';
