// The people access is given to (a knowledge base's roles, a document
// folder's rights, a workspace's members): employees, departments and
// groups, read once when the dialog may give access.
import { useEffect, useState } from 'react';
import { api } from '../../data/api';
import type { Entity } from '../../data/types';

/** useSubjects is every employee, department and group; none until enabled. */
export function useSubjects(enabled: boolean): Entity[] {
  const [people, setPeople] = useState<Entity[]>([]);
  useEffect(() => {
    if (!enabled) return;
    Promise.all([
      api.get<Entity[]>('employee', { limit: 500, fields: ['name', 'firstName', 'lastName'] }),
      api.get<Entity[]>('department', { limit: 500, fields: ['name'] }),
      api.get<Entity[]>('group', { limit: 500, fields: ['name'] }),
    ]).then((lists) => setPeople(lists.flatMap((l) => l.data ?? [])), () => setPeople([]));
  }, [enabled]);
  return people;
}
