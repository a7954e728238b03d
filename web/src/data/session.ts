// Session and activity tracking (spec 000 §4, §9).
//
// Session: an id shared by the tabs of this browser (kept in local storage
// with the time of the last movement), created on first use or when the
// old one expired after SESSION_EXPIRY_MS without movement. Mouse movement
// refreshes it at most every MOUSE_THROTTLE_MS; the main tab checks every
// SESSION_CHECK_MS and ends an expired one. Events: start, expired, end.
//
// Activity: 'background' after ACTIVITY_TIMEOUT_MS without movement, or when
// the tab is hidden or unloaded; 'active' again on movement or visibility.
import { readJSON, removeItem, storageUsable, writeJSON } from './storage';

export const SESSION_EXPIRY_MS = 1_800_000;
export const MOUSE_THROTTLE_MS = 3_000;
export const SESSION_CHECK_MS = 3_000;
export const ACTIVITY_TIMEOUT_MS = 60_000;

export type SessionEventType = 'start' | 'expired' | 'end';
export interface SessionEvent {
  type: SessionEventType;
  id: string;
}
export type Activity = 'active' | 'background';

interface StoredSession {
  id: string;
  lastActivity: number;
}

const STORAGE = 'session';
/** The session when local storage cannot be used. */
let memory: StoredSession | undefined;
const sessionListeners = new Set<(e: SessionEvent) => void>();
const activityListeners = new Set<(a: Activity) => void>();
let activity: Activity = 'active';
let lastMove = 0;
let lastTouch = -Infinity;

function read(): StoredSession | undefined {
  // Storage is shared with the other tabs, so it wins while it works.
  return storageUsable() ? readJSON<StoredSession>(STORAGE) : memory;
}

function write(s: StoredSession | undefined) {
  memory = s;
  if (s) writeJSON(STORAGE, s);
  else removeItem(STORAGE);
}

function emit(type: SessionEventType, id: string) {
  for (const fn of [...sessionListeners]) fn({ type, id });
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function expired(s: StoredSession, now: number) {
  return now - s.lastActivity > SESSION_EXPIRY_MS;
}

/** end closes a session that is over: expired (when it is), then end. */
function end(s: StoredSession, wasExpired: boolean) {
  write(undefined);
  if (wasExpired) emit('expired', s.id);
  emit('end', s.id);
}

/** sessionId answers the current session, starting one when there is none or it expired. */
export function sessionId(now = Date.now()): string {
  const s = read();
  if (s && !expired(s, now)) return s.id;
  if (s) end(s, true);
  const fresh = { id: newId(), lastActivity: now };
  write(fresh);
  emit('start', fresh.id);
  return fresh.id;
}

/** peekSessionId answers the current session without starting one. */
export function peekSessionId(now = Date.now()): string | undefined {
  const s = read();
  return s && !expired(s, now) ? s.id : undefined;
}

/** checkSession is the main tab's periodic check: an expired session ends. */
export function checkSession(now = Date.now()) {
  const s = read();
  if (s && expired(s, now)) end(s, true);
}

/** endSession ends the session now (signing out). */
export function endSession() {
  const s = read();
  if (s) end(s, false);
}

export function onSessionEvent(fn: (e: SessionEvent) => void): () => void {
  sessionListeners.add(fn);
  return () => sessionListeners.delete(fn);
}

export function getActivity(): Activity {
  return activity;
}

export function onActivity(fn: (a: Activity) => void): () => void {
  activityListeners.add(fn);
  return () => activityListeners.delete(fn);
}

function setActivity(a: Activity) {
  if (a === activity) return;
  activity = a;
  for (const fn of [...activityListeners]) fn(a);
}

/** moved is one mouse movement: active again, the session refreshed (throttled). */
export function moved(now = Date.now()) {
  lastMove = now;
  setActivity('active');
  if (now - lastTouch < MOUSE_THROTTLE_MS) return;
  lastTouch = now;
  const s = read();
  if (s && !expired(s, now)) write({ ...s, lastActivity: now });
  else sessionId(now);
}

/**
 * startTracking listens to the page and runs the timers; it answers the
 * function that stops it. isMainTab tells whether this tab is the one
 * that checks for expiry (the realtime layer elects it across tabs).
 */
export function startTracking(opts: { isMainTab?: () => boolean } = {}): () => void {
  const isMainTab = opts.isMainTab ?? (() => true);
  lastMove = Date.now();
  sessionId();
  const onMove = () => moved();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') setActivity('background');
    else moved();
  };
  const onLeave = () => setActivity('background');
  window.addEventListener('mousemove', onMove, { passive: true });
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onLeave);
  const checker = setInterval(() => {
    if (isMainTab()) checkSession();
  }, SESSION_CHECK_MS);
  // One timer, re-armed for the time left, instead of one per movement.
  let idle: ReturnType<typeof setTimeout>;
  const arm = (delay: number) => {
    idle = setTimeout(() => {
      const left = lastMove + ACTIVITY_TIMEOUT_MS - Date.now();
      if (left <= 0) setActivity('background');
      arm(left > 0 ? left : ACTIVITY_TIMEOUT_MS);
    }, delay);
  };
  arm(ACTIVITY_TIMEOUT_MS);
  return () => {
    window.removeEventListener('mousemove', onMove);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onLeave);
    clearInterval(checker);
    clearTimeout(idle);
  };
}

/** resetSession forgets this page's session state (tests). */
export function resetSession() {
  memory = undefined;
  activity = 'active';
  lastMove = 0;
  lastTouch = -Infinity;
  removeItem(STORAGE);
}
