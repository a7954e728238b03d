// The sentence shown for a failed request: the server's own messages when
// it gave any, else a general one by kind of failure.
import type { TFunction } from 'i18next';
import { HttpError, NetworkError } from '../../data/transport';

export function errorText(err: unknown, t: TFunction): string {
  if (err instanceof HttpError) {
    const messages = err.errors.map((e) => e.message).filter(Boolean);
    if (messages.length) return messages.join('\n');
    if (err.status >= 500) return t('error.server');
    return t('error.status', { status: err.status });
  }
  if (err instanceof NetworkError) return t('error.network');
  return t('error.server');
}
