// Errors (spec 000 §8): meta.errors grouped by field path for forms, and
// the errors that take the user somewhere else (sign-out, the licence page,
// the login page) recognised the way the server reports them:
// 401 "unauthorized"; 403 not-granted ("NotGranted", "not_granted") with
// one of the exact English messages below.
import { HttpError, type ErrorEntry } from './transport';

export type { ErrorEntry };

export interface ErrorGroup {
  own: ErrorEntry[];
  children: Record<string, ErrorGroup>;
}

function group(): ErrorGroup {
  return { own: [], children: {} };
}

/** groupErrors nests entries by field path: "a.b.0.c" lands in a → b → 0 → c. */
export function groupErrors(entries: ErrorEntry[]): ErrorGroup {
  const root = group();
  for (const e of entries) {
    if (!e || !e.type || !e.message) continue;
    let at = root;
    const path = typeof e.field === 'string' && e.field !== '' ? e.field.split('.') : [];
    for (const part of path) at = at.children[part] ??= group();
    at.own.push(e);
  }
  return root;
}

/** errorFor is the first message for a field (a name or a dotted path). */
export function errorFor(group: ErrorGroup, fieldName: string): string | undefined {
  let at: ErrorGroup | undefined = group;
  for (const part of fieldName.split('.')) at = at?.children[part];
  return at?.own[0]?.message;
}

export const LICENCE_MESSAGES = [
  'Your paid period is officially over',
  'Your 14-day free trial period has officially ended',
];
export const IP_MESSAGE = 'Your IP-address failed validation';
export const LICENCE_PAGE = '/BumsCommon/Error/licenseExpired.html';
/** Pages still open when the licence is over: account settings and the telephony account. */
const LICENCE_EXEMPT = ['/settings/account', '/settings/integrations/telephony', LICENCE_PAGE];

export type ErrorKind = 'unauthorized' | 'licenceExpired' | 'ipRejected' | 'other';

function isNotGranted(type: string): boolean {
  return type.replace(/_/g, '').toLowerCase() === 'notgranted';
}

export function classifyError(err: unknown): ErrorKind {
  if (!(err instanceof HttpError)) return 'other';
  const entries = err.errors;
  if (err.status === 401 || entries.some((e) => e.type === 'unauthorized')) return 'unauthorized';
  for (const e of entries) {
    if (!isNotGranted(e.type)) continue;
    if (LICENCE_MESSAGES.includes(e.message)) return 'licenceExpired';
    if (e.message === IP_MESSAGE) return 'ipRejected';
  }
  return 'other';
}

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : prefix + '/') || path.startsWith(prefix + '?');
}

/**
 * routeForError is where the app goes after an error, or null to stay.
 * Sign-in pages never redirect: a wrong password there is the form's
 * business, and sending it to /logout would loop.
 */
export function routeForError(err: unknown, currentPath: string): string | null {
  const path = currentPath.split('#')[0];
  const onLogin = under(path, '/login') || under(path, '/logout');
  switch (classifyError(err)) {
    case 'unauthorized':
      return onLogin ? null : '/logout';
    case 'licenceExpired':
      return LICENCE_EXEMPT.some((p) => under(path, p)) ? null : LICENCE_PAGE;
    case 'ipRejected':
      return onLogin ? null : '/login?backUrl=/';
    default:
      return null;
  }
}
