// The loaded-endpoints registry (spec 001 §9): which routes this tab needs
// (lists on screen, open cards, presence), and which the other tabs
// announced. Every tab announces its own routes when they change and every
// LOADED_HEARTBEAT_MS; the main tab keeps another tab's routes for
// LOADED_TTL_MS after its last announcement, so a tab that died without a
// word stops costing subscriptions.
import { LOADED_TTL_MS } from './constants';

/** The routes of entity events of a type: what a list of it needs. */
export function typeRoutes(contentType: string): string[] {
  return ['created', 'updated', 'dropped'].map((a) => `entity.${a}:${contentType}`);
}

/** The routes of one entity's events: what its open card needs (real ids only). */
export function entityRoutes(contentType: string, id: string): string[] {
  if (!/^[1-9]\d*$/.test(id)) return [];
  return [`entity.updated:${contentType}:${id}`, `entity.dropped:${contentType}:${id}`];
}

export class RouteRegistry {
  private readonly held = new Map<string, number>();
  private auto = new Set<string>();
  private readonly remote = new Map<string, { routes: string[]; expires: number }>();
  private readonly listeners = new Set<() => void>();

  /** hold keeps routes wanted until the answered function is called (counted, so holders may overlap). */
  hold(routes: string[]): () => void {
    let changed = false;
    for (const r of routes) {
      const n = this.held.get(r) ?? 0;
      this.held.set(r, n + 1);
      if (n === 0 && !this.auto.has(r)) changed = true;
    }
    if (changed) this.emit();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      let gone = false;
      for (const r of routes) {
        const n = (this.held.get(r) ?? 1) - 1;
        if (n > 0) this.held.set(r, n);
        else {
          this.held.delete(r);
          if (!this.auto.has(r)) gone = true;
        }
      }
      if (gone) this.emit();
    };
  }

  /** setAuto replaces the routes found by watching the store and the address. */
  setAuto(routes: Iterable<string>) {
    const next = new Set(routes);
    const same = next.size === this.auto.size && [...next].every((r) => this.auto.has(r));
    this.auto = next;
    if (!same) this.emit();
  }

  /** local is what this tab needs. */
  local(): string[] {
    return [...new Set([...this.held.keys(), ...this.auto])].sort();
  }

  /** announce records another tab's routes, kept LOADED_TTL_MS unless announced again. */
  announce(tab: string, routes: string[], now = Date.now()) {
    const before = this.remote.get(tab)?.routes.join('\n');
    this.remote.set(tab, { routes: [...routes], expires: now + LOADED_TTL_MS });
    if (before !== [...routes].join('\n')) this.emit();
  }

  /** forget drops a tab's routes at once (it said it is leaving). */
  forget(tab: string) {
    if (this.remote.delete(tab)) this.emit();
  }

  /** prune drops the routes of tabs silent for longer than the time to live. */
  prune(now = Date.now()) {
    let changed = false;
    for (const [tab, entry] of this.remote) {
      if (entry.expires <= now) {
        this.remote.delete(tab);
        changed = true;
      }
    }
    if (changed) this.emit();
  }

  /** all is what the main tab's socket subscribes: its own routes and the other tabs'. */
  all(): string[] {
    const out = new Set(this.local());
    for (const e of this.remote.values()) e.routes.forEach((r) => out.add(r));
    return [...out].sort();
  }

  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit() {
    for (const fn of [...this.listeners]) fn();
  }
}

/** The page's registry: hooks hold routes here whether or not the client has started. */
export const registry = new RouteRegistry();
