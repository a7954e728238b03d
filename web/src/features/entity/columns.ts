// Which fields a generic list shows as columns: by default the name and the
// number plus a few sortable value fields; the user's choice per type is
// remembered in this browser.
import type { FieldInfo, TypeInfo } from '../../data/catalog';

export const MAX_DEFAULT_COLUMNS = 6;

const NAME_FIELDS = ['name', 'title', 'subject', 'content'];
const NUMBER_FIELDS = ['humanNumber', 'number'];
// Kinds a list row can show in one line (collections only when asked for).
const LISTABLE = new Set(['string', 'integer', 'number', 'boolean', 'enum', 'Money', 'DateTime', 'DateOnly', 'DateInterval', 'IntervalDates', 'IntervalTime', 'link', 'links', 'count', 'string[]']);
// The order value columns are picked in: what tells rows apart first.
const PRIORITY = ['enum', 'link', 'Money', 'date', 'integer', 'number', 'string', 'boolean'];

function isDateKind(kind: string): boolean {
  return kind.split('|').every((m) => ['DateOnly', 'DateTime', 'IntervalDates', 'IntervalTime', 'ShiftDate'].includes(m));
}

/** listable: a field that fits a list cell. */
export function listable(f: FieldInfo): boolean {
  return !f.writeOnly && (LISTABLE.has(f.kind) || isDateKind(f.kind));
}

function rank(f: FieldInfo): number {
  const key = isDateKind(f.kind) ? 'date' : f.kind;
  const i = PRIORITY.indexOf(key);
  return i < 0 ? PRIORITY.length : i;
}

/**
 * defaultColumns: name and number, then sortable value fields by kind
 * priority, then (for types with few sortable fields) others in catalogue
 * order; collections and counts only when the user picks them.
 */
export function defaultColumns(type: TypeInfo): string[] {
  const byName = new Map(type.fields.map((f) => [f.name, f]));
  const out: string[] = [];
  const name = NAME_FIELDS.find((n) => byName.get(n)?.kind === 'string');
  if (name) out.push(name);
  const number = NUMBER_FIELDS.find((n) => byName.has(n) && listable(byName.get(n)!));
  if (number) out.push(number);
  const candidates = type.fields.filter((f) => listable(f) && !out.includes(f.name) && f.kind !== 'count' && f.kind !== 'links');
  const sortable = candidates
    .filter((f) => f.sortable)
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map(({ f }) => f);
  for (const f of [...sortable, ...candidates.filter((c) => !c.sortable)]) {
    if (out.length >= MAX_DEFAULT_COLUMNS) break;
    out.push(f.name);
  }
  return out;
}

const storageKey = (contentType: string) => `artel.entity.columns.${contentType}`;

/** savedColumns: the user's columns for a type, keeping only fields that still exist. */
export function savedColumns(type: TypeInfo): string[] {
  try {
    const raw = localStorage.getItem(storageKey(type.name));
    const names = raw ? (JSON.parse(raw) as unknown) : null;
    if (Array.isArray(names)) {
      const known = names.filter((n): n is string => typeof n === 'string' && type.fields.some((f) => f.name === n && listable(f)));
      if (known.length > 0) return known;
    }
  } catch {
    // unreadable or disabled storage: the default columns
  }
  return defaultColumns(type);
}

export function saveColumns(contentType: string, names: string[]) {
  try {
    localStorage.setItem(storageKey(contentType), JSON.stringify(names));
  } catch {
    // not remembered; the choice still holds on this page
  }
}

/** requestFields: the columns plus what display names and rights need. */
export function requestFields(type: TypeInfo, columns: string[]): string[] {
  const extra = ['name', 'title', 'firstName', 'lastName', 'number', 'humanNumber', 'possibleActions'];
  const has = new Set(type.fields.map((f) => f.name));
  return [...new Set([...columns, ...extra.filter((n) => has.has(n))])];
}
