// Profiling (spec 000 §7, §9): profile(name) records how long after the
// navigation started something happened. Records wait for
// PROFILE_FLUSH_MS of quiet and go to POST /profileBatch as a plain JSON
// array; on unload what is left goes with navigator.sendBeacon.
import { peekSessionId } from './session';
import { headers } from './transport';
import { Debounce } from './timing';

export const PROFILE_FLUSH_MS = 5_000;
const ENDPOINT = '/profileBatch';

export interface ProfileRecord {
  name: string;
  durationFromNavigation: number;
  sessionId?: string;
}

let queue: ProfileRecord[] = [];
let listening = false;
// Quiet is what the spec asks for; a minute bounds a page that never goes quiet.
const flusher = new Debounce(PROFILE_FLUSH_MS, flushProfile, 60_000);

function take(): ProfileRecord[] {
  const batch = queue;
  queue = [];
  return batch;
}

/** profile records a named moment, measured from the start of the navigation. */
export function profile(name: string) {
  const record: ProfileRecord = { name, durationFromNavigation: Math.round(performance.now()) };
  const sid = peekSessionId();
  if (sid) record.sessionId = sid;
  queue.push(record);
  flusher.schedule();
  if (!listening) {
    listening = true;
    window.addEventListener('pagehide', flushOnUnload);
  }
}

const seen = new Set<string>();

/**
 * profileOnce records a moment the first time it happens on this page load
 * (the first screen ready, startup done): later ones are in-app navigations,
 * which the time from navigation start does not measure.
 */
export function profileOnce(name: string) {
  if (seen.has(name)) return;
  seen.add(name);
  profile(name);
}

/** flushProfile sends what is queued now. */
export function flushProfile() {
  flusher.cancel();
  const batch = take();
  if (batch.length === 0) return;
  fetch(ENDPOINT, {
    method: 'POST',
    headers: headers('POST', true),
    body: JSON.stringify(batch),
    credentials: 'same-origin',
    keepalive: true,
  }).catch((err: unknown) => console.warn('artel: profile records not sent', err));
}

/** flushOnUnload hands what is left to the browser, which sends it after the page is gone. */
export function flushOnUnload() {
  flusher.cancel();
  const batch = take();
  if (batch.length === 0) return;
  const blob = new Blob([JSON.stringify(batch)], { type: 'application/json' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ENDPOINT, blob)) return;
  queue = batch;
  flushProfile();
}
