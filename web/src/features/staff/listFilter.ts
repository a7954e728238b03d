// The employee list's quick filters as the FilterConfig the generic list
// sends: department, working or dismissed, words of the position.
export type Status = 'working' | 'fired' | 'all';

export interface Quick {
  department: string | null;
  status: Status;
  position: string;
}

export function quickFilter(q: Quick): unknown {
  const terms: unknown[] = [];
  if (q.department) terms.push({ contentType: 'FilterTermRef', field: 'department', comparison: 'equals', value: { contentType: 'Department', id: q.department } });
  if (q.status !== 'all') terms.push({ contentType: 'FilterTermBool', field: 'isWorking', comparison: 'equals', value: q.status === 'working' });
  if (q.position.trim()) terms.push({ contentType: 'FilterTermString', field: 'position', comparison: 'contains', value: q.position.trim() });
  return terms.length ? { contentType: 'FilterConfig', termGroup: { join: 'and', terms } } : undefined;
}
