// FilterConfig builders (docs/api.md "filter") for the lists the routes
// open: saved filters by id, deal programs, and the terms of query filters.

export interface FilterTerm {
  contentType: string;
  field?: string;
  comparison?: string;
  value?: unknown;
  refine?: { join: 'and' | 'or'; terms: FilterTerm[] };
  join?: 'and' | 'or';
  terms?: FilterTerm[];
}

export interface FilterConfig {
  contentType: 'FilterConfig';
  termGroup: { join: 'and' | 'or'; terms: FilterTerm[] };
}

/** A saved filter entity applied by link. */
export interface SavedFilter {
  contentType: string;
  id: string;
}

export type ListFilter = FilterConfig | SavedFilter;

export function allOf(...terms: FilterTerm[]): FilterConfig {
  return { contentType: 'FilterConfig', termGroup: { join: 'and', terms } };
}

export function refIs(field: string, contentType: string, id: string): FilterTerm {
  return { contentType: 'FilterTermRef', field, comparison: 'equals', value: [{ contentType, id }] };
}

export function refWhere(field: string, comparison: 'equals' | 'not_equals', join: 'and' | 'or', ...terms: FilterTerm[]): FilterTerm {
  return { contentType: 'FilterTermRef', field, comparison, refine: { join, terms } };
}

export function boolIs(field: string, value: boolean): FilterTerm {
  return { contentType: 'FilterTermBool', field, comparison: 'equals', value };
}

export function enumIn(field: string, values: string[]): FilterTerm {
  return { contentType: 'FilterTermEnum', field, comparison: 'equals', value: values };
}

export function textHas(field: string, comparison: 'contains' | 'starts_with', value: string): FilterTerm {
  return { contentType: 'FilterTermString', field, comparison, value };
}

/** dateOnly is a DateOnly value (0-based month) of a calendar day. */
export function dateOnly(d: Date) {
  return { contentType: 'DateOnly', year: d.getFullYear(), month: d.getMonth(), day: d.getDate() };
}

export function dateCompare(field: string, comparison: 'less' | 'more', d: Date): FilterTerm {
  return { contentType: 'FilterTermDate', field, comparison, value: dateOnly(d) };
}

/**
 * savedFilter: a numeric filter id names a saved filter entity; word ids
 * (any, actual, templates, ...) are the routes' own and return undefined.
 */
export function savedFilter(filterType: string, filterId: string | undefined): SavedFilter | undefined {
  return filterId && /^\d+$/.test(filterId) ? { contentType: filterType, id: filterId } : undefined;
}

/** Program ids of the deal list that mean a group rather than one program. */
export const PROGRAM_ALL = '-1';
export const PROGRAM_BPM = '-2';
export const PROGRAM_DEALS = '-3';

/**
 * dealProgramFilter: the deal list of a program (positive id) or of a group
 * of programs: -1 all, -2 business processes (bpm), -3 plain deals.
 */
export function dealProgramFilter(programId: string | undefined): FilterConfig | undefined {
  switch (programId) {
    case undefined:
    case '':
    case PROGRAM_ALL:
      return undefined;
    case PROGRAM_BPM:
      return allOf(refWhere('program', 'equals', 'and', boolIs('isBpm', true)));
    case PROGRAM_DEALS:
      return allOf(refWhere('program', 'equals', 'and', boolIs('isBpm', false)));
  }
  return /^\d+$/.test(programId) ? allOf(refIs('program', 'Program', programId)) : undefined;
}

/** dealGroupFilter: /deals/list/{programGroupId}; negative ids are the program groups above. */
export function dealGroupFilter(groupId: string | undefined): FilterConfig | undefined {
  if (groupId && /^\d+$/.test(groupId)) {
    return allOf(refWhere('program', 'equals', 'and', refIs('programGroup', 'ProgramGroup', groupId)));
  }
  return dealProgramFilter(groupId);
}
