// The startup sequence (spec 000 §1, §7): the current user, the account,
// the features, the menu and the user settings the shell needs, asked for
// together so the data layer can send them as one bulk request.
import { api } from '../../data/api';
import { HttpError } from '../../data/transport';
import { STARTUP_SETTINGS, type AccountInfo, type CurrentUser, type Feature, type MenuItem, type StartupData } from './types';

/** 401 or 403 on the current user: the visitor has to sign in (spec 000 §8). */
export class SignInRequired extends Error {
  constructor() {
    super('sign-in required');
    this.name = 'SignInRequired';
  }
}

// The API answers data as an object; older servers answered a one-item list.
function one<T>(data: unknown): T {
  return (Array.isArray(data) ? data[0] : data) as T;
}

function settingsOf(data: unknown): Record<string, unknown> {
  const list = Array.isArray(data) ? data : [data];
  const out: Record<string, unknown> = Object.fromEntries(STARTUP_SETTINGS.map((n) => [n, null]));
  for (const s of list as { id?: string; value?: unknown }[]) if (s?.id) out[s.id] = s.value ?? null;
  return out;
}

export async function loadStartup(): Promise<StartupData> {
  const opts = { batch: true };
  const [user, account, features, menu, settings] = await Promise.allSettled([
    api.get<CurrentUser | CurrentUser[]>('currentUser', undefined, opts),
    api.get<AccountInfo>('accountInfo', undefined, opts),
    api.get<Feature[]>('feature', undefined, opts),
    api.get<MenuItem[]>('menu', undefined, opts),
    api.get<unknown>(`userSetting/${STARTUP_SETTINGS.join(',')}`, undefined, opts),
  ]);
  if (user.status === 'rejected') {
    const err = user.reason;
    if (err instanceof HttpError && (err.status === 401 || err.status === 403)) throw new SignInRequired();
    throw err;
  }
  if (account.status === 'rejected') throw account.reason;
  const accountInfo = account.value.data;
  // With the licence over, only the account pages work and the server
  // refuses the rest; the shell then shows the licence page without them.
  const rest = [features, menu, settings];
  if (!accountInfo.licenseExpired) {
    for (const r of rest) if (r.status === 'rejected') throw r.reason;
  }
  return {
    currentUser: one<CurrentUser>(user.value.data),
    accountInfo,
    features: features.status === 'fulfilled' ? features.value.data : [],
    menu: menu.status === 'fulfilled' ? menu.value.data : [],
    settings: settingsOf(settings.status === 'fulfilled' ? settings.value.data : []),
  };
}
