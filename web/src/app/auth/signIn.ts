// Signing in with the browser session cookie, and the text of a refusal.
import type { TFunction } from 'i18next';
import { api } from '../../data/api';
import { HttpError } from '../../data/transport';
import { errorText } from '../errors/errorText';

export async function signIn(username: string, password: string): Promise<void> {
  await api.post('auth/login', { username, password });
}

/** signInError: wrong credentials get our own sentence, refusals (blocked, throttled, IP) the server's. */
export function signInError(err: unknown, t: TFunction): string {
  if (err instanceof HttpError && err.status === 401 && err.errors.every((e) => e.type === 'unauthorized')) {
    return t('login.error.credentials');
  }
  return errorText(err, t);
}
