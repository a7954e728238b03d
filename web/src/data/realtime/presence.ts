// Presence (spec 000 §4, §9): who of the employees shown is online. The
// first status of an employee comes from the store (Employee.isOnline of a
// list row) or from POST /api/v3/bulk/getEntitiesByLinks asking for that
// field alone; after that the "presence" route keeps it current. The route
// is held while someone reads a status and the app is active, and dropped
// in the background; coming back, the statuses read are asked for again,
// since changes were missed meanwhile. A status not known PRESENCE_TIMEOUT_MS
// after it was asked for counts as loaded: offline.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { api } from '../api';
import { getSlot } from '../entities';
import { getActivity, onActivity } from '../session';
import { Debounce } from '../timing';
import type { Entity } from '../types';
import { PRESENCE_GATHER_MS, PRESENCE_TIMEOUT_MS } from './constants';
import { registry, type RouteRegistry } from './registry';

export const PRESENCE_ROUTE = 'presence';
const LINK_BATCH = 100;

export class Presence {
  private readonly status = new Map<string, boolean>();
  private readonly readers = new Map<string, number>();
  private readonly timeouts = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly asking = new Set<string>();
  private readonly gather = new Debounce(PRESENCE_GATHER_MS, () => void this.fetch(), PRESENCE_GATHER_MS * 4);
  private release: (() => void) | undefined;
  private active = getActivity() === 'active';

  constructor(private readonly routes: RouteRegistry = registry) {}

  get(id: string): boolean | undefined {
    return this.status.get(id);
  }

  subscribe(id: string, fn: () => void): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }

  /** read registers a reader of an employee's status; the answered function ends it. */
  read(id: string): () => void {
    this.readers.set(id, (this.readers.get(id) ?? 0) + 1);
    if (!this.status.has(id)) this.ask(id);
    this.hold();
    return () => {
      const n = (this.readers.get(id) ?? 1) - 1;
      if (n > 0) this.readers.set(id, n);
      else this.readers.delete(id);
      this.hold();
    };
  }

  /** apply takes a message of the presence route. */
  apply(message: unknown) {
    const m = message as { contentType?: string; id?: unknown; isOnline?: unknown } | null;
    if (!m || m.contentType !== 'Employee' || m.id === undefined || typeof m.isOnline !== 'boolean') return;
    this.set(String(m.id), m.isOnline);
  }

  /** setActive follows the app's activity: the route is dropped in the background. */
  setActive(active: boolean) {
    if (active === this.active) return;
    this.active = active;
    if (active) for (const id of this.readers.keys()) this.ask(id, true);
    this.hold();
  }

  private hold() {
    const want = this.active && this.readers.size > 0;
    if (want && !this.release) this.release = this.routes.hold([PRESENCE_ROUTE]);
    if (!want && this.release) {
      this.release();
      this.release = undefined;
    }
  }

  private ask(id: string, again = false) {
    const stored = getSlot(`Employee:${id}`).server?.isOnline;
    if (!again && typeof stored === 'boolean') {
      this.set(id, stored);
      return;
    }
    this.asking.add(id);
    this.gather.schedule();
    if (this.timeouts.has(id) || (again && this.status.has(id))) return;
    this.timeouts.set(
      id,
      setTimeout(() => {
        this.timeouts.delete(id);
        if (!this.status.has(id)) this.set(id, false);
      }, PRESENCE_TIMEOUT_MS),
    );
  }

  private async fetch() {
    const ids = [...this.asking];
    this.asking.clear();
    for (let i = 0; i < ids.length; i += LINK_BATCH) {
      const links = ids.slice(i, i + LINK_BATCH).map((id) => ({ contentType: 'Employee', id }));
      try {
        const env = await api.post<Entity[]>('bulk/getEntitiesByLinks', links, { fields: ['isOnline'], onlyRequestedFields: true });
        for (const e of Array.isArray(env.data) ? env.data : []) {
          if (typeof e.isOnline === 'boolean') this.set(String(e.id), e.isOnline);
        }
      } catch (err) {
        // The timeout settles these statuses; presence is not worth an error on screen.
        console.warn('artel realtime: presence statuses not loaded', err);
      }
    }
  }

  private set(id: string, online: boolean) {
    clearTimeout(this.timeouts.get(id));
    this.timeouts.delete(id);
    if (this.status.get(id) === online) return;
    this.status.set(id, online);
    for (const fn of [...(this.listeners.get(id) ?? [])]) fn();
  }
}

/** The page's presence, fed by the client (startRealtime). */
export const presence = new Presence();

/** followActivity keeps the presence route in step with the app's activity. */
export function followActivity(p: Presence = presence): () => void {
  p.setActive(getActivity() === 'active');
  return onActivity((a) => p.setActive(a === 'active'));
}

const noop = () => () => {};


/** usePresence answers whether an employee is online; undefined while the status loads (at most 3 s). */
export function usePresence(employeeId: string | undefined): boolean | undefined {
  useEffect(() => (employeeId ? presence.read(employeeId) : undefined), [employeeId]);
  const sub = useCallback((fn: () => void) => (employeeId ? presence.subscribe(employeeId, fn) : noop()), [employeeId]);
  return useSyncExternalStore(sub, () => (employeeId ? presence.get(employeeId) : undefined));
}
