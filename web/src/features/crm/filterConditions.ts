// A saved client filter's conditions as the filter editor shows them, and
// the FilterConfig they make (docs/crm.md "Client filters"): the name
// contains a text, the responsibles, tags, client type and status are
// among the chosen, the client was created between two days. Terms the editor does not know (a
// filter saved through the API) are kept as they are.
import type { Link } from '../../data/types';

export interface Conditions {
  nameContains: string;
  responsibles: Link[];
  tags: Link[];
  /** Client types (ContractorType) and statuses (ContractorStatus), any of. */
  types: Link[];
  statuses: Link[];
  /** Days as yyyy-mm-dd; '' for an open end. */
  createdFrom: string;
  createdTo: string;
  other: unknown[];
}

export const NO_CONDITIONS: Conditions = { nameContains: '', responsibles: [], tags: [], types: [], statuses: [], createdFrom: '', createdTo: '', other: [] };

type RefKey = 'responsibles' | 'tags' | 'types' | 'statuses';

/** The conditions that are a FilterTermRef, with the client field each is on. */
const REF_TERMS: [RefKey, string][] = [['responsibles', 'responsibles'], ['tags', 'tags'], ['types', 'type'], ['statuses', 'status']];

interface Term {
  contentType?: string;
  field?: string;
  comparison?: string;
  value?: unknown;
}

interface DateOnly {
  year: number;
  month: number;
  day: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** dateOnly is a yyyy-mm-dd day as the reference's DateOnly (0-based month). */
function dateOnly(day: string) {
  const [y, m, d] = day.split('-').map(Number);
  return { contentType: 'DateOnly', year: y, month: m - 1, day: d };
}

function dayText(v: unknown): string {
  const d = v as DateOnly | null | undefined;
  return d && typeof d.year === 'number' ? `${d.year}-${pad(d.month + 1)}-${pad(d.day)}` : '';
}

const links = (v: unknown): Link[] => (Array.isArray(v) ? (v as Link[]).map((l) => ({ contentType: l.contentType, id: String(l.id) })) : []);

/** toConfig is the FilterConfig of the conditions: every condition given must hold. */
export function toConfig(c: Conditions) {
  const terms: unknown[] = [];
  if (c.nameContains.trim()) terms.push({ contentType: 'FilterTermString', field: 'name', comparison: 'contains', value: c.nameContains.trim() });
  for (const [key, field] of REF_TERMS) {
    if (c[key].length) terms.push({ contentType: 'FilterTermRef', field, comparison: 'equals', value: c[key] });
  }
  if (c.createdFrom || c.createdTo) {
    const value = { contentType: 'IntervalDates', from: c.createdFrom ? dateOnly(c.createdFrom) : null, to: c.createdTo ? dateOnly(c.createdTo) : null };
    terms.push({ contentType: 'FilterTermDate', field: 'timeCreated', comparison: 'equals', value });
  }
  terms.push(...c.other);
  return { contentType: 'FilterConfig', termGroup: { join: 'and', terms } };
}

/** fromConfig reads a saved config back; an "or" group is kept whole among the other terms. */
export function fromConfig(config: unknown): Conditions {
  const out: Conditions = { ...NO_CONDITIONS, responsibles: [], tags: [], types: [], statuses: [], other: [] };
  const group = (config as { termGroup?: { join?: string; terms?: unknown[] } } | null)?.termGroup;
  if (!group || !Array.isArray(group.terms)) return out;
  if (group.join === 'or') {
    out.other.push({ contentType: 'FilterTermGroup', join: 'or', terms: group.terms });
    return out;
  }
  for (const raw of group.terms) {
    const term = raw as Term;
    const ref = term.contentType === 'FilterTermRef' && term.comparison === 'equals' ? REF_TERMS.find(([key, field]) => field === term.field && !out[key].length) : undefined;
    if (term.contentType === 'FilterTermString' && term.field === 'name' && term.comparison === 'contains' && !out.nameContains) {
      out.nameContains = String(term.value ?? '');
    } else if (ref) {
      out[ref[0]] = links(term.value);
    } else if (term.contentType === 'FilterTermDate' && term.field === 'timeCreated' && term.comparison === 'equals' && !out.createdFrom && !out.createdTo) {
      const v = term.value as { contentType?: string; from?: unknown; to?: unknown } | null;
      if (v?.contentType !== 'IntervalDates') {
        out.other.push(raw);
        continue;
      }
      out.createdFrom = dayText(v.from);
      out.createdTo = dayText(v.to);
    } else {
      out.other.push(raw);
    }
  }
  return out;
}

/** isEmpty: nothing to filter by, which the editor does not save. */
export function isEmpty(c: Conditions): boolean {
  return !c.nameContains.trim() && REF_TERMS.every(([key]) => !c[key].length) && !c.createdFrom && !c.createdTo && !c.other.length;
}
