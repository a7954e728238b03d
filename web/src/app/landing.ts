// Where "/" goes (spec 000 §2 Landing): the server's default address,
// remembered in the browser for 64 hours so most visits land at once.
import { isLocalPath } from './backUrl';

export const LANDING_TTL_MS = 230_400_000;
export const WORKSPACES_ROOT = '/workspaces';
export const DASHBOARD = '/newdashboard';

/** Features that replace the dashboard with the workspaces page. */
export const WORKSPACE_FEATURES = ['bums.common.workspaces_desktop', 'bums.common.desktop_disable'] as const;

interface Cached {
  url: string;
  at: number;
}

/** landingKey is per user: two people on one browser have their own landing. */
export function landingKey(userId: string): string {
  return `artel.landing.${userId}`;
}

/**
 * cachedLanding is the remembered address while it is fresh. A remembered
 * workspaces root is ignored: it may stem from a fallback and the server
 * may now know better.
 */
export function cachedLanding(storage: Pick<Storage, 'getItem'>, key: string, now: number): string | undefined {
  let cached: Cached;
  try {
    cached = JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return undefined;
  }
  if (!cached || typeof cached.url !== 'string' || typeof cached.at !== 'number') return undefined;
  if (now - cached.at >= LANDING_TTL_MS || now < cached.at) return undefined;
  if (cached.url === WORKSPACES_ROOT || !isLocalPath(cached.url)) return undefined;
  return cached.url;
}

export function rememberLanding(storage: Pick<Storage, 'setItem'>, key: string, url: string, now: number) {
  try {
    storage.setItem(key, JSON.stringify({ url, at: now } satisfies Cached));
  } catch {
    // storage full or disabled: the next visit asks the server again
  }
}

/** fallbackLanding is used when the server gives no usable address. */
export function fallbackLanding(isFeatureOn: (name: string) => boolean): string {
  return WORKSPACE_FEATURES.some(isFeatureOn) ? WORKSPACES_ROOT : DASHBOARD;
}

/** landingFromServer accepts the server's answer only when it is a local path other than "/". */
export function landingFromServer(data: unknown): string | undefined {
  return typeof data === 'string' && isLocalPath(data) && data !== '/' ? data : undefined;
}
