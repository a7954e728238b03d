// The entity store: one record per entity, keyed "contentType:id", so a
// task shown in a list, a card and a link name is one object. Readers
// subscribe per key and only they hear about a change. The store speaks no
// HTTP; fetch.ts and save.ts fill it.
//
// A record keeps what the server last confirmed (`server`) apart from the
// optimistic changes still on their way (`pending`); readers see both merged
// (`entity`). A failed save drops only its own pending change, so rollback
// never clobbers another edit made meanwhile.
import {
  InternalError,
  TEMP_PREFIX,
  UNSAVED_MESSAGE,
  isLink,
  isTempId,
  keyOf,
  type Entity,
  type Link,
  type LoadState,
} from './types';

interface Change {
  seq: number;
  fields: Record<string, unknown>;
}

export interface Slot {
  readonly entity: Entity | undefined;
  readonly server: Entity | undefined;
  readonly pending: readonly Change[];
  readonly state: LoadState;
  readonly error: unknown;
  /** When the server data was fetched (ms since epoch); 0 for local entities. */
  readonly fetchedAt: number;
  /** Every field is known (a single-entity fetch), not only a list's subset. */
  readonly full: boolean;
  /** A temporary entity whose create call is on its way. */
  readonly creating: boolean;
}

const empty: Slot = {
  entity: undefined,
  server: undefined,
  pending: [],
  state: 'none',
  error: undefined,
  fetchedAt: 0,
  full: false,
  creating: false,
};

const slots = new Map<string, Slot>();
const listeners = new Map<string, Set<() => void>>();
const changeListeners = new Set<(key: string) => void>();
const replaceListeners = new Set<(from: string, to: string) => void>();
const removeListeners = new Set<(key: string) => void>();
let seq = 0;

export function getSlot(key: string): Slot {
  return slots.get(key) ?? empty;
}

export function hasEntity(key: string): boolean {
  return slots.get(key)?.entity !== undefined;
}

/** readEntity answers the entity, rethrowing the error its fetch stored. */
export function readEntity(key: string): Entity | undefined {
  const slot = getSlot(key);
  if (slot.state === 'error') throw slot.error;
  return slot.entity;
}

export function subscribe(key: string, fn: () => void): () => void {
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(fn);
  return () => {
    set.delete(fn);
    if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
  };
}

/** onChange hears every key that changes (the local cache saves on it). */
export function onChange(fn: (key: string) => void): () => void {
  changeListeners.add(fn);
  return () => changeListeners.delete(fn);
}

/** onIdReplaced hears a temporary key becoming the real one (lists follow). */
export function onIdReplaced(fn: (from: string, to: string) => void): () => void {
  replaceListeners.add(fn);
  return () => replaceListeners.delete(fn);
}

/** onRemoved hears an entity leaving the store (deleted, or a failed create). */
export function onRemoved(fn: (key: string) => void): () => void {
  removeListeners.add(fn);
  return () => removeListeners.delete(fn);
}

function notify(key: string) {
  for (const fn of [...(listeners.get(key) ?? [])]) fn();
  for (const fn of changeListeners) fn(key);
}

function view(server: Entity | undefined, pending: readonly Change[], link: Link): Entity | undefined {
  if (!server && pending.length === 0) return undefined;
  const merged: Entity = { ...(server ?? {}), ...link } as Entity;
  for (const c of pending) Object.assign(merged, c.fields);
  merged.contentType = link.contentType;
  merged.id = link.id;
  return merged;
}

function linkOfKey(key: string): Link {
  const at = key.indexOf(':');
  return { contentType: key.slice(0, at), id: key.slice(at + 1) };
}

function put(key: string, next: Omit<Slot, 'entity'>) {
  slots.set(key, { ...next, entity: view(next.server, next.pending, linkOfKey(key)) });
  notify(key);
}

/** ingest merges what the server answered for one entity. */
export function ingest(data: Entity, opts: { full?: boolean; at?: number } = {}) {
  const link = { contentType: data.contentType, id: String(data.id) };
  const key = keyOf(link);
  const slot = getSlot(key);
  put(key, {
    ...slot,
    server: { ...(slot.server ?? {}), ...data, id: link.id } as Entity,
    state: 'completed',
    error: undefined,
    fetchedAt: opts.at ?? Date.now(),
    full: slot.full || !!opts.full,
  });
}

export function setLoading(key: string) {
  put(key, { ...getSlot(key), state: 'pending' });
}

/** setFailed stores a fetch error with the entity; readEntity rethrows it. */
export function setFailed(key: string, error: unknown) {
  put(key, { ...getSlot(key), state: 'error', error });
}

/**
 * registerEntity adds a local entity. Without an id it gets a temporary one;
 * one whose id is already stored is refused (spec 000 §8): the store would
 * silently hold two versions of the truth.
 */
export function registerEntity(fields: Partial<Entity> & { contentType: string }): Entity {
  if (fields.id !== undefined && fields.id !== null) {
    const key = keyOf({ contentType: fields.contentType, id: String(fields.id) });
    if (slots.has(key)) throw new InternalError(`entity ${key} is already in storage`);
    ingest({ ...fields, id: String(fields.id) } as Entity);
    return getSlot(key).entity!;
  }
  const link = { contentType: fields.contentType, id: `${TEMP_PREFIX}${++seq}` };
  const key = keyOf(link);
  const rest = { ...fields } as Record<string, unknown>;
  delete rest.contentType;
  delete rest.id;
  put(key, { ...empty, pending: [{ seq: ++seq, fields: rest }], state: 'completed' });
  return getSlot(key).entity!;
}

/** applyChange shows a change at once; confirmChange or revertChange settles it. */
export function applyChange(key: string, fields: Record<string, unknown>): number {
  if (isTempId(linkOfKey(key).id)) throw new InternalError(UNSAVED_MESSAGE);
  const change = { seq: ++seq, fields };
  const slot = getSlot(key);
  put(key, { ...slot, pending: [...slot.pending, change] });
  return change.seq;
}

export function confirmChange(key: string, token: number, answer?: Entity) {
  const slot = getSlot(key);
  const pending = slot.pending.filter((c) => c.seq !== token);
  const done = slot.pending.find((c) => c.seq === token);
  const server = { ...(slot.server ?? {}), ...(done?.fields ?? {}), ...(answer ?? {}) } as Entity;
  put(key, { ...slot, pending, server: { ...server, id: linkOfKey(key).id } });
}

export function revertChange(key: string, token: number) {
  const slot = getSlot(key);
  put(key, { ...slot, pending: slot.pending.filter((c) => c.seq !== token) });
}

export function markCreating(key: string, creating: boolean) {
  put(key, { ...getSlot(key), creating });
}

/** replaceId moves a saved temporary entity to its real id; links to it follow. */
export function replaceId(from: string, saved: Entity) {
  const link = { contentType: saved.contentType, id: String(saved.id) };
  const to = keyOf(link);
  const old = getSlot(from);
  slots.delete(from);
  const server = { ...(old.entity ?? {}), ...(getSlot(to).server ?? {}), ...saved, id: link.id } as Entity;
  put(to, { ...empty, server, state: 'completed', fetchedAt: Date.now() });
  notify(from);
  const temp = linkOfKey(from);
  for (const [key, slot] of [...slots]) {
    const server = relink(slot.server, temp, link);
    const pending = slot.pending.map((c) => ({ ...c, fields: relink(c.fields, temp, link) }));
    if (server !== slot.server || pending.some((c, i) => c.fields !== slot.pending[i].fields)) {
      put(key, { ...slot, server, pending });
    }
  }
  for (const fn of replaceListeners) fn(from, to);
}

/** relink answers `value` with every link to `from` pointing at `to`; the same object when none does. */
function relink<T>(value: T, from: Link, to: Link): T {
  if (Array.isArray(value)) {
    const out = value.map((v) => relink(v, from, to));
    return (out.some((v, i) => v !== value[i]) ? out : value) as T;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (isLink(value) && value.contentType === from.contentType && String(value.id) === from.id) {
    return { ...value, id: to.id } as T;
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = relink(v, from, to);
    if (out[k] !== v) changed = true;
  }
  return (changed ? out : value) as T;
}

export function removeEntity(key: string) {
  if (!slots.delete(key)) return;
  notify(key);
  for (const fn of removeListeners) fn(key);
}

/** entries lists every stored record (the local cache writes them out). */
export function entries(): [string, Slot][] {
  return [...slots];
}

/** resetStore empties the store (tests, signing out). */
export function resetStore() {
  slots.clear();
  for (const key of [...listeners.keys()]) notify(key);
}
