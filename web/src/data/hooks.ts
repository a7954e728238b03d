// React hooks over the store: each component subscribes to the keys it
// shows, so a change to one entity re-renders only its readers.
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { getSlot, subscribe, type Slot } from './entities';
import { ensureEntity, fetchEntity } from './fetch';
import { requestLink } from './links';
import { getList, ListLoadingError, stableKey, type ListSpec } from './lists';
import { keyOf, type Entity, type Link, type LoadState } from './types';

export { saveEntity, deleteEntity } from './save';

const noop = () => {};

function useSlot(key: string | undefined): Slot | undefined {
  const sub = useCallback((fn: () => void) => (key ? subscribe(key, fn) : noop), [key]);
  return useSyncExternalStore(sub, () => (key ? getSlot(key) : undefined));
}

export function useEntity(
  contentType: string,
  id: string | undefined,
  opts?: { fields?: string[] },
): { entity: Entity | undefined; state: LoadState; error: unknown; reload(): void } {
  const key = id ? keyOf({ contentType, id }) : undefined;
  const slot = useSlot(key);
  const fieldsKey = opts?.fields?.join(',') ?? '';
  useEffect(() => {
    if (id) ensureEntity(contentType, id, fieldsKey ? fieldsKey.split(',') : undefined);
  }, [contentType, id, fieldsKey]);
  const reload = useCallback(() => {
    if (id) void fetchEntity(contentType, id, fieldsKey ? fieldsKey.split(',') : undefined);
  }, [contentType, id, fieldsKey]);
  const failed = slot?.state === 'error';
  return {
    entity: failed ? undefined : slot?.entity,
    state: slot?.state ?? 'none',
    error: failed ? slot.error : undefined,
    reload,
  };
}

export function useList(spec: ListSpec) {
  const specKey = stableKey(spec);
  // The spec's content is its identity: a new object with the same content keeps the list.
  const list = useMemo(() => getList(spec), [specKey]);
  const snap = useSyncExternalStore(list.subscribe, list.getSnapshot);
  useEffect(() => list.ensure(), [list]);

  const keys = snap.keys;
  const subscribeItems = useCallback(
    (fn: () => void) => {
      const offs = keys.map((k) => subscribe(k, fn));
      return () => offs.forEach((off) => off());
    },
    [keys],
  );
  const readItems = useMemo(() => {
    let last: { slots: Slot[]; items: Entity[] } | undefined;
    return () => {
      const slots = keys.map(getSlot);
      if (last && last.slots.length === slots.length && slots.every((s, i) => s === last!.slots[i])) return last.items;
      last = { slots, items: slots.flatMap((s) => (s.entity ? [s.entity] : [])) };
      return last.items;
    };
  }, [keys]);
  const items = useSyncExternalStore(subscribeItems, readItems);

  const actions = useMemo(() => {
    const quiet = (p: Promise<unknown>) =>
      void p.catch((err: unknown) => {
        // A page already loading is not an error for a scroll handler asking again.
        if (!(err instanceof ListLoadingError)) throw err;
      });
    return {
      loadNext: () => quiet(list.load('next')),
      loadPrev: () => quiet(list.load('prev')),
      reload: () => quiet(list.reload()),
      /** add shows a new entity at the top at once and creates it. */
      add: (changes: Record<string, unknown>) => list.add(changes),
    };
  }, [list]);
  return {
    items,
    state: snap.state,
    nextState: snap.nextState,
    prevState: snap.prevState,
    hasMoreNext: snap.hasMoreNext,
    hasMorePrev: snap.hasMorePrev,
    count: snap.count,
    countCapped: snap.countCapped,
    error: snap.error,
    ...actions,
  };
}

/** useLinked answers the entity behind a link, fetched lazily with many others. */
export function useLinked(link: Link | null | undefined): Entity | undefined {
  const key = link ? keyOf({ contentType: link.contentType, id: String(link.id) }) : undefined;
  const slot = useSlot(key);
  useEffect(() => {
    // The key is the link's identity; a new object naming the same entity asks nothing new.
    if (key) requestLink(link!);
  }, [key]);
  return slot?.state === 'error' ? undefined : slot?.entity;
}
