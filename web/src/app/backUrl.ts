// The back-address of the sign-in page: only a path on this site, so a
// crafted link cannot send a user elsewhere after they sign in.

/** isLocalPath: starts with "/" but not "//" or "/\" (both mean another host to a browser). */
export function isLocalPath(raw: string | null | undefined): raw is string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return false;
  return !/[\u0000-\u001f\u007f]/.test(raw);
}

/** safeBackUrl is where to go after signing in: the back-address when it is local, else "/". */
export function safeBackUrl(raw: string | null | undefined): string {
  if (!isLocalPath(raw)) return '/';
  // Going "back" to the sign-in or sign-out page would loop.
  if (/^\/(login|logout)(\/|\?|#|$)/.test(raw)) return '/';
  return raw;
}

/** loginPath is the sign-in page that returns to current afterwards. */
export function loginPath(current: string): string {
  return `/login?backUrl=${encodeURIComponent(current)}`;
}
