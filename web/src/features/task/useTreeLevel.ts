// One level of the project tree (GET /api/v3/task/treeLevel): projects
// first, then tasks, paged as one list. Items go into the entity store, so
// rows follow changes made elsewhere (a status changed in the card).
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../data/api';
import { ingest } from '../../data/entities';
import type { Entity, Link, LoadState } from '../../data/types';

export const TREE_FIELDS = ['name', 'humanNumber', 'status', 'responsible', 'isOverdue', 'subTasksCount', 'tasksCount', 'subProjectsCount', 'possibleActions'];
const PAGE = 50;

/** hasChildren: a project with tasks or subprojects, a task with subtasks. */
export function hasChildren(e: Entity): boolean {
  const n = (v: unknown) => (typeof v === 'number' ? v : 0);
  return e.contentType === 'Project' ? n(e.tasksCount) + n(e.subProjectsCount) > 0 : n(e.subTasksCount) > 0;
}

export function useTreeLevel(parent: Link | null, filter: unknown) {
  const [items, setItems] = useState<Link[]>([]);
  const [state, setState] = useState<LoadState>('none');
  const [error, setError] = useState<unknown>();
  const [hasMore, setHasMore] = useState(false);
  const ctl = useRef<AbortController | null>(null);
  const parentKey = parent ? `${parent.contentType}:${parent.id}` : '';
  const filterKey = JSON.stringify(filter ?? null);

  const load = useCallback(
    async (after: Link | undefined) => {
      ctl.current?.abort();
      const c = new AbortController();
      ctl.current = c;
      setState('pending');
      const query: Record<string, unknown> = { limit: PAGE, fields: TREE_FIELDS, onlyRequestedFields: true, filter: JSON.parse(filterKey) };
      if (parentKey) query.parent = { contentType: parentKey.split(':')[0], id: parentKey.split(':')[1] };
      if (after) query.pageAfter = after;
      try {
        const env = await api.get<Entity[]>('task/treeLevel', query, { signal: c.signal });
        const page = (Array.isArray(env.data) ? env.data : []).map((e) => {
          ingest(e);
          return { contentType: e.contentType, id: String(e.id) };
        });
        setItems((prev) => (after ? [...prev, ...page] : page));
        setHasMore(!!env.meta.pagination?.hasMoreNext);
        setState('completed');
      } catch (err) {
        if (c.signal.aborted) return;
        setError(err);
        setState('error');
      }
    },
    [parentKey, filterKey],
  );

  useEffect(() => {
    void load(undefined);
    return () => ctl.current?.abort();
  }, [load]);

  const loadMore = useCallback(() => void load(items[items.length - 1]), [load, items]);
  return { items, state, error, hasMore, loadMore };
}
