// The list's search box as a filter: every typed word must appear in one of
// the type's name-like text fields, like the server's `q` (which the list
// layer does not pass on). Being a filter, it combines with the others.
import type { TypeInfo } from '../../data/catalog';

const SEARCH_FIELDS = ['name', 'title', 'lastName', 'firstName', 'middleName', 'number', 'login', 'email', 'subject', 'content'];

export function searchFields(type: TypeInfo): string[] {
  return type.fields.filter((f) => f.kind === 'string' && !f.writeOnly && SEARCH_FIELDS.includes(f.name)).map((f) => f.name);
}

/** searchFilter: one or-group per word, all joined with and; no words, no filter. */
export function searchFilter(type: TypeInfo, text: string): Record<string, unknown> | undefined {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const fields = searchFields(type);
  if (words.length === 0 || fields.length === 0) return undefined;
  return {
    contentType: 'FilterConfig',
    termGroup: {
      join: 'and',
      terms: words.map((word) => ({
        contentType: 'FilterTermGroup',
        join: 'or',
        terms: fields.map((field) => ({ contentType: 'FilterTermString', field, comparison: 'contains', value: word })),
      })),
    },
  };
}
