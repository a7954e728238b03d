// Client event tracking (spec 001 §7.3): events are queued and sent to
// POST /trackBatch 5 s after the last one (FLUSH_QUIET_MS), at most 500 a
// call (the server's limit), and what is left when the page is hidden or
// closed goes at once in a request that outlives the page (keepalive: a
// beacon cannot carry the CSRF header). The events tracked: the session's
// start, expiry and end (data/session.ts) and each screen opened. A failed
// send is dropped quietly: tracking never troubles the user.
import { onSessionEvent, peekSessionId } from './session';
import { send } from './transport';

export const FLUSH_QUIET_MS = 5_000;
export const MAX_BATCH = 500;

export interface TrackEvent {
  type: string;
  key: string;
  value?: string;
  uid?: string;
  accountId?: string;
  url: string;
  sessionId?: string;
  timestamp: number;
  timezone: string;
}

let queue: TrackEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let who: { uid?: string; accountId?: string } = {};

/** setTrackingUser names the signed-in user and account on the events that follow. */
export function setTrackingUser(uid: string | undefined, accountId: string | undefined) {
  who = { uid, accountId };
}

/** track queues an event and (re)starts the quiet timer. */
export function track(type: string, key: string, value?: string) {
  queue.push({
    type,
    key,
    ...(value !== undefined ? { value } : {}),
    ...who,
    url: typeof window !== 'undefined' ? window.location.pathname : '',
    sessionId: peekSessionId(),
    timestamp: Date.now(),
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
  });
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void flush(), FLUSH_QUIET_MS);
}

/** flush sends every queued event, in batches of MAX_BATCH. */
export async function flush(keepalive = false): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  while (queue.length > 0) {
    const events = queue.slice(0, MAX_BATCH);
    queue = queue.slice(MAX_BATCH);
    await send({ method: 'POST', path: 'trackBatch', body: { events }, keepalive }).catch(() => undefined);
  }
}

/** pending is how many events wait (for tests). */
export function pending(): number {
  return queue.length;
}

/** installTracking sends the session's events and flushes as the page goes; it returns the uninstall. */
export function installTracking(): () => void {
  const offSession = onSessionEvent((e) => track('session', e.type, e.id));
  const onHide = () => {
    if (document.visibilityState === 'hidden') void flush(true);
  };
  const onPageHide = () => void flush(true);
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    offSession();
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
  };
}
