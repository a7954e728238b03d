// Lists (spec 000 §3, §7, §9): keyset pages of PAGE_SIZE read with
// pageAfter / pageBefore the last / first item, each page with its own load
// state, the hasMore flags and count from meta.pagination. A list is one
// shared object per spec; its items live in the entity store, the list holds
// their keys. It is forgotten LIST_DISPOSE_MS after its last reader leaves.
import { api } from './api';
import { getSlot, ingest, onIdReplaced, onRemoved, registerEntity } from './entities';
import { saveEntity } from './save';
import { Debounce } from './timing';
import { InternalError, isAbort, isTempId, keyOf, type Entity, type Link, type LoadState } from './types';

export const PAGE_SIZE = 25;
export const LIST_DISPOSE_MS = 300_000;
export const LIST_FETCH_DEBOUNCE_MS = 100;

export interface ListSpec {
  contentType: string;
  endpoint: string;
  filter?: unknown;
  sortBy?: { fieldName: string; desc: boolean }[];
  fields?: string[];
  limit?: number;
  /** The server's search (`q`): names, and whatever the type's rules add (a client's phones). */
  q?: string;
  /** Further parameters a route reads (a card's to-dos: `finished`, `all`). */
  params?: Record<string, unknown>;
}

export type PageKind = 'first' | 'next' | 'prev';

export interface ListSnapshot {
  keys: readonly string[];
  state: LoadState;
  nextState: LoadState;
  prevState: LoadState;
  hasMoreNext: boolean;
  hasMorePrev: boolean;
  count: number | undefined;
  /** The server counted a search's hits up to a bound (count) and found more. */
  countCapped: boolean;
  error: unknown;
}

/** A page asked for while the same page is loading is refused with this. */
export class ListLoadingError extends InternalError {
  constructor(kind: PageKind) {
    super(`list is already loading its ${kind} page`);
    this.name = 'ListLoadingError';
  }
}

const initial: ListSnapshot = {
  keys: [],
  state: 'none',
  nextState: 'none',
  prevState: 'none',
  hasMoreNext: false,
  hasMorePrev: false,
  count: undefined,
  countCapped: false,
  error: undefined,
};

const stateOf = { first: 'state', next: 'nextState', prev: 'prevState' } as const;

export class EntityList {
  private snapshot = initial;
  private stale = false;
  private readonly listeners = new Set<() => void>();
  private readonly controllers = new Map<PageKind, AbortController>();
  private firstWaiters: (() => void)[] = [];
  private readonly firstPage = new Debounce(LIST_FETCH_DEBOUNCE_MS, () => void this.fetch('first'));
  private disposeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly spec: ListSpec,
    readonly key: string,
  ) {}

  getSnapshot = (): ListSnapshot => this.snapshot;

  subscribe = (fn: () => void): (() => void) => {
    clearTimeout(this.disposeTimer);
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
      if (this.listeners.size > 0) return;
      // Nobody waits for a first page not yet asked for: skip it (the
      // point of the fetch debounce when a filter is typed).
      if (this.firstPage.pending) {
        this.firstPage.cancel();
        this.set({ state: 'none' });
        this.releaseWaiters();
      }
      this.disposeTimer = setTimeout(() => this.dispose(), LIST_DISPOSE_MS);
    };
  };

  /**
   * ensure loads the first page when nothing is loaded yet, and again when
   * the type changed while nobody was looking at the list (markStale).
   */
  ensure(): void {
    if (this.snapshot.state === 'none') this.load('first').catch(() => {});
    else if (this.stale) void this.reload();
  }

  /** markStale: the list's type changed while it was kept unread; its next reader reloads it. */
  markStale() {
    this.stale = true;
  }

  /** load asks for a page; the same page while it loads is refused. */
  load(kind: PageKind): Promise<void> {
    const s = this.snapshot;
    if (s[stateOf[kind]] === 'pending') return Promise.reject(new ListLoadingError(kind));
    if (kind === 'first') return this.scheduleFirst();
    const more = kind === 'next' ? s.hasMoreNext : s.hasMorePrev;
    if (s.state !== 'completed' || !more) return Promise.resolve();
    return this.fetch(kind);
  }

  /** reload cancels what is loading and refetches the first page. */
  reload(): Promise<void> {
    this.stale = false;
    for (const c of this.controllers.values()) c.abort();
    this.controllers.clear();
    this.set({ nextState: 'none', prevState: 'none' });
    return this.scheduleFirst();
  }

  /**
   * add shows a new entity at the top of the list at once and creates it;
   * when the server refuses, it leaves the list again.
   */
  add(changes: Record<string, unknown>): Promise<Entity> {
    const temp = registerEntity({ ...changes, contentType: this.spec.contentType });
    this.set({ keys: [keyOf(temp), ...this.snapshot.keys], count: (this.snapshot.count ?? 0) + 1 });
    return saveEntity(temp.contentType, temp.id, {});
  }

  /** replaceKey and dropKey let the list follow the store. */
  replaceKey(from: string, to: string) {
    if (!this.snapshot.keys.includes(from)) return;
    this.set({ keys: this.snapshot.keys.filter((k) => k !== to).map((k) => (k === from ? to : k)) });
  }

  dropKey(key: string) {
    if (!this.snapshot.keys.includes(key)) return;
    const count = this.snapshot.count === undefined ? undefined : Math.max(0, this.snapshot.count - 1);
    this.set({ keys: this.snapshot.keys.filter((k) => k !== key), count });
  }

  get active(): boolean {
    return this.listeners.size > 0;
  }

  private scheduleFirst(): Promise<void> {
    this.set({ state: 'pending', error: undefined });
    this.firstPage.schedule();
    return new Promise((resolve) => this.firstWaiters.push(resolve));
  }

  private releaseWaiters() {
    const waiters = this.firstWaiters;
    this.firstWaiters = [];
    waiters.forEach((w) => w());
  }

  private anchor(kind: PageKind): Link | undefined {
    const keys = kind === 'next' ? [...this.snapshot.keys].reverse() : this.snapshot.keys;
    for (const k of keys) {
      const e = getSlot(k).entity;
      if (e && !isTempId(e.id)) return { contentType: e.contentType, id: e.id };
    }
    return undefined;
  }

  private query(kind: PageKind): Record<string, unknown> {
    const { spec } = this;
    const q: Record<string, unknown> = { ...spec.params, limit: spec.limit ?? PAGE_SIZE };
    if (spec.sortBy?.length) q.sortBy = spec.sortBy.map((s) => ({ contentType: 'SortField', fieldName: s.fieldName, desc: s.desc }));
    if (spec.filter !== undefined && spec.filter !== null) q.filter = spec.filter;
    if (spec.q?.trim()) q.q = spec.q.trim();
    if (spec.fields?.length) {
      q.fields = spec.fields;
      q.onlyRequestedFields = true;
    }
    const anchor = kind === 'first' ? undefined : this.anchor(kind);
    if (anchor) q[kind === 'next' ? 'pageAfter' : 'pageBefore'] = anchor;
    return q;
  }

  private async fetch(kind: PageKind): Promise<void> {
    const ctl = new AbortController();
    this.controllers.set(kind, ctl);
    if (kind !== 'first') this.set({ [stateOf[kind]]: 'pending' });
    try {
      const env = await api.get<Entity[]>(this.spec.endpoint, this.query(kind), { signal: ctl.signal });
      const at = Date.now();
      const keys = (Array.isArray(env.data) ? env.data : []).map((e) => {
        ingest(e, { at });
        return keyOf({ contentType: e.contentType, id: String(e.id) });
      });
      this.merge(kind, keys, env.meta.pagination ?? {});
    } catch (err) {
      if (!isAbort(err)) this.set({ [stateOf[kind]]: 'error', error: err });
    } finally {
      if (this.controllers.get(kind) === ctl) this.controllers.delete(kind);
      // A first page cancelled by reload leaves its waiters to the next one.
      if (kind === 'first' && !ctl.signal.aborted) this.releaseWaiters();
    }
  }

  private merge(kind: PageKind, keys: string[], p: { count?: number; hasMoreNext?: boolean; hasMorePrev?: boolean; countCapped?: boolean }) {
    const s = this.snapshot;
    const count = p.count ?? s.count;
    const countCapped = p.count === undefined ? s.countCapped : !!p.countCapped;
    if (kind === 'first') {
      this.set({ keys, state: 'completed', hasMoreNext: !!p.hasMoreNext, hasMorePrev: !!p.hasMorePrev, count, countCapped });
      return;
    }
    const known = new Set(s.keys);
    const fresh = keys.filter((k) => !known.has(k));
    if (kind === 'next') this.set({ keys: [...s.keys, ...fresh], nextState: 'completed', hasMoreNext: !!p.hasMoreNext, count, countCapped });
    else this.set({ keys: [...fresh, ...s.keys], prevState: 'completed', hasMorePrev: !!p.hasMorePrev, count, countCapped });
  }

  private set(patch: Partial<ListSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const fn of [...this.listeners]) fn();
  }

  private dispose() {
    if (this.listeners.size > 0) return;
    for (const c of this.controllers.values()) c.abort();
    this.firstPage.cancel();
    if (lists.get(this.key) === this) lists.delete(this.key);
  }
}

const lists = new Map<string, EntityList>();

/** stableKey names a spec so two equal specs (keys in any order) share one list. */
export function stableKey(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableKey).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const entries = Object.entries(v).filter(([, x]) => x !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => `${JSON.stringify(k)}:${stableKey(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** getList answers the one list of a spec, creating it when needed. */
export function getList(spec: ListSpec): EntityList {
  const key = stableKey(spec);
  let list = lists.get(key);
  if (!list) lists.set(key, (list = new EntityList(spec, key)));
  return list;
}

/** cachedList answers the list of a spec only when it is still kept. */
export function cachedList(spec: ListSpec): EntityList | undefined {
  return lists.get(stableKey(spec));
}

/**
 * reloadLists refetches every list of a type someone is looking at (live
 * updates); one kept with no reader (a tab switched away from) reloads
 * when read again, not showing what it held before the change.
 */
export function reloadLists(contentType: string) {
  for (const l of lists.values()) {
    if (l.spec.contentType !== contentType) continue;
    if (l.active) void l.reload();
    else l.markStale();
  }
}

onIdReplaced((from, to) => lists.forEach((l) => l.replaceKey(from, to)));
onRemoved((key) => lists.forEach((l) => l.dropKey(key)));
