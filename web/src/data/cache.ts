// The local entity cache (spec 000 §9): what the store got from the server
// is written to local storage CACHE_SAVE_DEBOUNCE_MS after it changes and
// preloaded on the next visit, so cards and names show before the network
// answers; preloaded entries are old, so readers refresh them in the
// background. It belongs to one build of the app and one user: another
// version (accountInfo.buildVersion) or another user clears it.
import { entries, getSlot, ingest, onChange } from './entities';
import { readJSON, removeItem, writeJSON } from './storage';
import { Debounce } from './timing';
import { TEMP_PREFIX, type Entity } from './types';

export const CACHE_SAVE_DEBOUNCE_MS = 500;
/** The newest entries kept; local storage holds a few megabytes at most. */
export const CACHE_MAX_ENTRIES = 500;
const NAME = 'entityCache';

interface Stored {
  version: string;
  owner: string;
  entries: { entity: Entity; at: number; full: boolean }[];
}

let version: string | undefined;
let owner = '';
let enabled = true;
let unlisten: (() => void) | undefined;
const saver = new Debounce(CACHE_SAVE_DEBOUNCE_MS, save, CACHE_SAVE_DEBOUNCE_MS * 4);

/**
 * setCacheVersion starts the cache for this build and user: a cache of
 * another version or user is cleared, a matching one preloads the store.
 */
export function setCacheVersion(v: string, user = '') {
  version = v;
  owner = user;
  if (!enabled) return;
  const stored = readJSON<Stored>(NAME);
  if (stored && (stored.version !== v || stored.owner !== user)) removeItem(NAME);
  else if (stored) preload(stored);
  if (!unlisten) {
    unlisten = onChange((key) => {
      if (!key.includes(`:${TEMP_PREFIX}`)) saver.schedule();
    });
    // Leaving the page must not lose the last half second of changes.
    window.addEventListener('pagehide', flushCache);
  }
}

function preload(stored: Stored) {
  for (const { entity, at, full } of stored.entries ?? []) {
    // What this page already fetched is newer than anything stored.
    if (!getSlot(`${entity.contentType}:${entity.id}`).server) ingest(entity, { at, full });
  }
}

function save() {
  if (!enabled || version === undefined) return;
  const kept = entries()
    .filter(([, s]) => s.server && s.fetchedAt > 0 && s.state === 'completed' && !String(s.server.id).startsWith(TEMP_PREFIX))
    .sort(([, a], [, b]) => b.fetchedAt - a.fetchedAt)
    .slice(0, CACHE_MAX_ENTRIES)
    .map(([, s]) => ({ entity: s.server!, at: s.fetchedAt, full: s.full }));
  writeJSON(NAME, { version, owner, entries: kept } satisfies Stored);
}

/** setCacheEnabled(false) clears the cache and stops writing it. */
export function setCacheEnabled(on: boolean) {
  enabled = on;
  if (!on) clearCache();
}

/** clearCache forgets what is stored (signing out). */
export function clearCache() {
  saver.cancel();
  removeItem(NAME);
}

/** flushCache writes now what waits for the debounce (page unload). */
export function flushCache() {
  saver.flush();
}
