// The employee list's quick filters as the FilterConfig the generic list
// sends: department, working or dismissed, words of the position, away
// today, a birthday in the next two weeks (the server's computed terms
// isAway and birthdayWithin, docs/people.md).
export type Status = 'working' | 'fired' | 'all';

/** BIRTHDAY_DAYS is how far ahead the "birthday soon" quick filter looks. */
export const BIRTHDAY_DAYS = 14;

export interface Quick {
  department: string | null;
  status: Status;
  position: string;
  away?: boolean;
  birthdaySoon?: boolean;
}

export function quickFilter(q: Quick): unknown {
  const terms: unknown[] = [];
  if (q.department) terms.push({ contentType: 'FilterTermRef', field: 'department', comparison: 'equals', value: { contentType: 'Department', id: q.department } });
  if (q.status !== 'all') terms.push({ contentType: 'FilterTermBool', field: 'isWorking', comparison: 'equals', value: q.status === 'working' });
  if (q.position.trim()) terms.push({ contentType: 'FilterTermString', field: 'position', comparison: 'contains', value: q.position.trim() });
  if (q.away) terms.push({ contentType: 'FilterTermBool', field: 'isAway', comparison: 'equals', value: true });
  if (q.birthdaySoon) terms.push({ contentType: 'FilterTermNumber', field: 'birthdayWithin', comparison: 'less_or_equal', value: BIRTHDAY_DAYS });
  return terms.length ? { contentType: 'FilterConfig', termGroup: { join: 'and', terms } } : undefined;
}
