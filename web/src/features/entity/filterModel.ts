// The filter builder's model and its translation into an API v3 FilterConfig
// (internal/entity/filter.go, terms.go): terms by field kind, groups joined
// by and/or that nest.
import type { FieldInfo, TypeInfo } from '../../data/catalog';

export type TermType = 'FilterTermString' | 'FilterTermNumber' | 'FilterTermDate' | 'FilterTermEnum' | 'FilterTermBool' | 'FilterTermRef';
export type Join = 'and' | 'or';

export interface TermNode {
  kind: 'term';
  id: number;
  field: string;
  comparison: string;
  value: unknown;
}

export interface GroupNode {
  kind: 'group';
  id: number;
  join: Join;
  items: FilterNode[];
}

export type FilterNode = TermNode | GroupNode;

const COMPARISONS: Record<TermType, string[]> = {
  FilterTermString: ['contains', 'equals', 'not_equals', 'not_contains', 'starts_with'],
  FilterTermNumber: ['equals', 'not_equals', 'less', 'less_eq', 'more', 'more_eq'],
  FilterTermDate: ['equals', 'not_equals', 'more', 'less'],
  FilterTermEnum: ['equals', 'not_equals'],
  FilterTermBool: ['equals'],
  FilterTermRef: ['equals', 'not_equals'],
};

function isDateKind(kind: string): boolean {
  return kind.split('|').some((m) => m === 'DateOnly' || m === 'DateTime');
}

/** termType: which term filters a field, or undefined when it cannot be filtered. */
export function termType(f: FieldInfo): TermType | undefined {
  if (f.writeOnly) return undefined;
  switch (f.kind) {
    case 'string':
      return 'FilterTermString';
    case 'integer':
    case 'number':
    case 'Money':
      return 'FilterTermNumber';
    case 'enum':
      return 'FilterTermEnum';
    case 'boolean':
      return 'FilterTermBool';
    case 'link':
    case 'links':
      return 'FilterTermRef';
  }
  return isDateKind(f.kind) ? 'FilterTermDate' : undefined;
}

export function comparisons(f: FieldInfo): string[] {
  const tt = termType(f);
  return tt ? COMPARISONS[tt] : [];
}

export function filterableFields(type: TypeInfo): FieldInfo[] {
  return type.fields.filter((f) => termType(f) !== undefined);
}

let nextId = 1;
export function newTerm(field = '', comparison = ''): TermNode {
  return { kind: 'term', id: nextId++, field, comparison, value: null };
}
export function newGroup(join: Join = 'and', items: FilterNode[] = []): GroupNode {
  return { kind: 'group', id: nextId++, join, items };
}

function hasValue(v: unknown): boolean {
  return v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
}

function termJSON(node: TermNode, type: TypeInfo): Record<string, unknown> | null {
  const f = type.fields.find((x) => x.name === node.field);
  const tt = f && termType(f);
  if (!f || !tt) return null;
  const comparison = COMPARISONS[tt].includes(node.comparison) ? node.comparison : COMPARISONS[tt][0];
  let value = node.value;
  if (tt === 'FilterTermBool') value = value === true;
  else if (!hasValue(value)) return null;
  if (tt === 'FilterTermEnum' && !Array.isArray(value)) value = [value];
  return { contentType: tt, field: f.name, comparison, value };
}

function groupJSON(node: GroupNode, type: TypeInfo): Record<string, unknown> | null {
  const terms = node.items.map((n) => (n.kind === 'group' ? groupJSON(n, type) : termJSON(n, type))).filter((x) => x !== null);
  if (terms.length === 0) return null;
  return { contentType: 'FilterTermGroup', join: node.join, terms };
}

/** toFilterConfig: complete terms only; nothing complete is no filter. */
export function toFilterConfig(root: GroupNode, type: TypeInfo): Record<string, unknown> | undefined {
  const g = groupJSON(root, type);
  if (!g) return undefined;
  return { contentType: 'FilterConfig', termGroup: { join: g.join, terms: g.terms } };
}

/** countTerms: complete terms, for the filter button's badge. */
export function countTerms(node: FilterNode, type: TypeInfo): number {
  if (node.kind === 'term') return termJSON(node, type) ? 1 : 0;
  return node.items.reduce((n, item) => n + countTerms(item, type), 0);
}

function asGroup(filter: unknown): Record<string, unknown> | null {
  if (typeof filter !== 'object' || filter === null) return null;
  const f = filter as Record<string, unknown>;
  if (f.contentType === 'FilterConfig' && f.termGroup && typeof f.termGroup === 'object') {
    return { contentType: 'FilterTermGroup', ...(f.termGroup as Record<string, unknown>) };
  }
  if (f.contentType === 'FilterTermGroup' || (f.contentType === undefined && Array.isArray(f.terms))) return { contentType: 'FilterTermGroup', ...f };
  return null;
}

/**
 * combineFilters: the screen's own filter and the user's, both applying. A
 * saved filter given as a link cannot be nested, so it wins alone.
 */
export function combineFilters(base: unknown, extra: Record<string, unknown> | undefined): unknown {
  if (!extra) return base ?? undefined;
  if (base === undefined || base === null) return extra;
  const b = asGroup(base);
  const e = asGroup(extra);
  if (!b || !e) return base;
  return { contentType: 'FilterConfig', termGroup: { join: 'and', terms: [b, e] } };
}
