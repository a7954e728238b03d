// Lazy link resolution: a card shows dozens of links (author, executors,
// client) whose names come later, gathered into POST
// /api/v3/bulk/getEntitiesByLinks, LINK_BATCH links per request.
//
// Spec 000 §9 gathers lazy fetches for 10 s. Applied to a link never seen
// that would leave a card nameless for 10 s, so the spec's debounce serves
// only the background refresh of entries already on screen (preloaded from
// the local cache or older than the freshness limit); a link never seen
// waits FIRST_SIGHT_MS, enough to gather everything one render asks for.
import { api } from './api';
import { getSlot, ingest, setFailed, setLoading } from './entities';
import { isStale } from './fetch';
import { Debounce } from './timing';
import { InternalError, isTempId, keyOf, type Entity, type Link } from './types';

export const LINK_BATCH = 100;
export const LAZY_DEBOUNCE_MS = 10_000;
export const FIRST_SIGHT_MS = 50;

/** The entity behind a link the server no longer answers (deleted, or out of reach). */
export class MissingEntityError extends InternalError {
  constructor(key: string) {
    super(`entity ${key} not found`);
    this.name = 'MissingEntityError';
  }
}

class Queue {
  private readonly waiting = new Map<string, Link>();
  private readonly timer: Debounce;

  constructor(
    wait: number,
    private readonly background: boolean,
  ) {
    // A steady stream of requests still flushes within two windows.
    this.timer = new Debounce(wait, () => void this.flush(), wait * 2);
  }

  add(key: string, link: Link) {
    this.waiting.set(key, link);
    this.timer.schedule();
  }

  has(key: string): boolean {
    return this.waiting.has(key);
  }

  async flush() {
    const links = [...this.waiting.values()];
    this.waiting.clear();
    const chunks: Link[][] = [];
    for (let i = 0; i < links.length; i += LINK_BATCH) chunks.push(links.slice(i, i + LINK_BATCH));
    await Promise.all(chunks.map((c) => this.fetch(c)));
  }

  private async fetch(links: Link[]) {
    try {
      const env = await api.post<Entity[]>('bulk/getEntitiesByLinks', links);
      const at = Date.now();
      const found = new Set<string>();
      for (const e of Array.isArray(env.data) ? env.data : []) {
        // Without `fields` the server answers what a list item has (no collections).
        ingest(e, { at });
        found.add(keyOf({ contentType: e.contentType, id: String(e.id) }));
      }
      // The server drops links to nothing the caller can see.
      for (const l of links) {
        const key = keyOf(l);
        if (!found.has(key)) setFailed(key, new MissingEntityError(key));
      }
    } catch (err) {
      // A background refresh keeps the stale copy; a first sight says why it has no name.
      if (!this.background) for (const l of links) setFailed(keyOf(l), err);
    }
  }
}

const firstSight = new Queue(FIRST_SIGHT_MS, false);
const refresh = new Queue(LAZY_DEBOUNCE_MS, true);

/** requestLink asks for the entity behind a link: at once when unknown, later when stale. */
export function requestLink(link: Link) {
  if (isTempId(link.id)) return;
  const norm = { contentType: link.contentType, id: String(link.id) };
  const key = keyOf(norm);
  const slot = getSlot(key);
  if (!slot.server) {
    if (slot.state === 'none') {
      setLoading(key);
      firstSight.add(key, norm);
    }
    return;
  }
  if (isStale(key) && !refresh.has(key)) refresh.add(key, norm);
}
