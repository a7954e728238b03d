// Auth notices (spec 001 §7.4, §8). The server sends both routes the same
// message when sessions of the user end ({uid, reason: "session_ended",
// sessionIds}), and perm.auth.change alone when the user's rights change
// ({uid, reason: "rights_changed"}). Spec 001 §8: an auth change with a
// different session key goes to "/", a revoke reloads the page. Read here:
//  - a notice naming this page's session ended means the key the page holds
//    is no longer the one that works: perm.auth.change goes to "/" (which
//    asks to sign in again), sdf.authentication_revoke reloads;
//  - another session of the user ending (a phone signing out) leaves this
//    page alone; rights changing means what the page shows may have become
//    visible or hidden: lists and entities are refreshed.
// The page knows its session when the socket rode the session cookie
// (ecomet.ready names it); otherwise GET /api/v3/counter tells whether
// the session still works.

export const AUTH_CHANGE_PREFIX = 'perm.auth.change:';
export const REVOKE_PREFIX = 'sdf.authentication_revoke:u';

export type AuthAction = 'redirect' | 'reload' | 'refresh' | null;

export interface AuthNotice {
  uid?: string;
  reason?: string;
  sessionIds?: string[];
}

/** authRoutes are the routes of a user's auth notices. */
export function authRoutes(uid: string): string[] {
  return uid ? [AUTH_CHANGE_PREFIX + uid, REVOKE_PREFIX + uid] : [];
}

export function isAuthRoute(route: string): boolean {
  return route.startsWith(AUTH_CHANGE_PREFIX) || route.startsWith(REVOKE_PREFIX);
}

/**
 * authAction decides what a notice means for this page. ownSession is the
 * session the socket rode (null when unknown); sessionAlive asks the server.
 */
export async function authAction(
  route: string,
  message: unknown,
  ownSession: string | null,
  sessionAlive: () => Promise<boolean>,
): Promise<AuthAction> {
  const m = (message ?? {}) as AuthNotice;
  const revoke = route.startsWith(REVOKE_PREFIX);
  if (m.reason === 'rights_changed') return revoke ? null : 'refresh';
  const ended = Array.isArray(m.sessionIds) ? m.sessionIds.map(String) : undefined;
  let ours: boolean;
  if (ownSession !== null && ended) ours = ended.includes(ownSession);
  else ours = !(await sessionAlive());
  if (!ours) return null;
  return revoke ? 'reload' : 'redirect';
}
