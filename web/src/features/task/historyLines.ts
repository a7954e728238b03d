// What the History block shows, decided apart from how it is drawn: the
// server's FieldChange rows turned into lines. A collection's change comes
// as the reference has it for arrays, a row of removed links and a row of
// added ones; the two rows of one save become one line "added … / removed …".
// Fields are labelled from the catalogue, or, for the account's own fields
// (CustomField…), from their definitions (GET {type}/extraFields).
import type { FieldInfo, TypeInfo } from '../../data/catalog';
import type { Link } from '../../data/types';
import { isLink } from '../../fields/link/LinkName';

export interface FieldChange {
  id: string;
  field: string | null;
  oldValue: unknown;
  newValue: unknown;
  author: unknown;
  timeCreated: unknown;
}

/** ExtraFieldInfo is the part of an extra field's definition the block uses. */
export interface ExtraFieldInfo {
  name: string;
  hrName: string;
  type: string;
  enumValues?: string[];
}

export type HistoryLine =
  | { kind: 'created'; id: string; author: unknown; time: unknown }
  | { kind: 'value'; id: string; author: unknown; time: unknown; field: FieldInfo; oldValue: unknown; newValue: unknown }
  | { kind: 'links'; id: string; author: unknown; time: unknown; field: FieldInfo; added: Link[]; removed: Link[] };

/** historyField is how a changed field is labelled and displayed. */
export function historyField(type: TypeInfo, extras: ExtraFieldInfo[], name: string): FieldInfo {
  const known = type.fields.find((f) => f.name === name);
  if (known) return known;
  const base = { name, sortable: false, readOnly: true, required: false, writeOnly: false };
  const extra = extras.find((x) => x.name === name);
  if (extra) return { ...base, kind: extra.type, label: extra.hrName, values: extra.enumValues };
  // A field deleted since: its name, its values as they were written.
  return { ...base, kind: 'object', label: name };
}

function linksOf(v: unknown): Link[] | null {
  return Array.isArray(v) && v.every(isLink) ? v.map((l) => ({ contentType: l.contentType, id: String(l.id) })) : null;
}

/** A row of added (oldValue null) or removed (newValue null) links of a collection. */
function linkRow(c: FieldChange, field: FieldInfo): { added: Link[]; removed: Link[] } | null {
  if (field.kind !== 'links') return null;
  const added = c.oldValue == null ? linksOf(c.newValue) : null;
  const removed = c.newValue == null ? linksOf(c.oldValue) : null;
  if (added) return { added, removed: [] };
  if (removed) return { added: [], removed };
  return null;
}

const sameSave = (a: FieldChange, b: FieldChange) =>
  a.field === b.field && JSON.stringify(a.author) === JSON.stringify(b.author) && JSON.stringify(a.timeCreated) === JSON.stringify(b.timeCreated);

/** historyLines turns rows, newest first, into the lines of the block. */
export function historyLines(changes: FieldChange[], type: TypeInfo, extras: ExtraFieldInfo[]): HistoryLine[] {
  const out: HistoryLine[] = [];
  changes.forEach((c, i) => {
    const base = { id: c.id, author: c.author, time: c.timeCreated };
    if (!c.field) {
      out.push({ kind: 'created', ...base });
      return;
    }
    const field = historyField(type, extras, c.field);
    const links = linkRow(c, field);
    if (!links) {
      out.push({ kind: 'value', ...base, field, oldValue: c.oldValue, newValue: c.newValue });
      return;
    }
    // One save's rows are adjacent: an added row and a removed one join.
    const prev = out[out.length - 1];
    const adds = links.added.length > 0;
    const joins = prev?.kind === 'links' && i > 0 && sameSave(changes[i - 1], c) &&
      (adds ? prev.added.length === 0 : prev.removed.length === 0);
    if (joins) {
      out[out.length - 1] = { ...prev, added: [...prev.added, ...links.added], removed: [...prev.removed, ...links.removed] };
      return;
    }
    out.push({ kind: 'links', ...base, field, ...links });
  });
  return out;
}
