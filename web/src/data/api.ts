// api: the calls every screen makes. GETs of /api/v3 go through the batcher
// unless told not to; writes, other paths and bulk itself go straight out.
import { Batcher } from './batch';
import { runBulkSettled, type BulkCall, type BulkResult } from './bulk';
import { resolvePath, send, type Envelope } from './transport';

let batching = true;
const batcher = new Batcher();

/** setBatching turns GET batching on or off (it is on by default). */
export function setBatching(on: boolean) {
  batching = on;
  if (!on) batcher.flush();
}

function batchable(path: string, batch: boolean | undefined): boolean {
  if (!batching || batch === false) return false;
  return path.startsWith('/api/v3/') && !/^\/api\/v3\/bulk(\/|$)/.test(path);
}

type ErrorListener = (err: unknown) => void;
const errorListeners = new Set<ErrorListener>();

/**
 * onRequestError hears every failed call, wherever it was made, so the
 * shell can act on errors that lead elsewhere (signed out, licence over)
 * even when a screen shows the failure in place. It returns the unsubscribe.
 */
export function onRequestError(fn: ErrorListener): () => void {
  errorListeners.add(fn);
  return () => errorListeners.delete(fn);
}

function heard<T>(p: Promise<T>): Promise<T> {
  return p.catch((err: unknown) => {
    if (!(err instanceof DOMException && err.name === 'AbortError')) errorListeners.forEach((fn) => fn(err));
    throw err;
  });
}

export const api = {
  get<T>(path: string, query?: Record<string, unknown>, opts?: { signal?: AbortSignal; batch?: boolean }): Promise<Envelope<T>> {
    const resolved = resolvePath(path);
    if (batchable(resolved, opts?.batch)) return heard(batcher.get<T>(resolved, query, opts?.signal));
    return heard(send<T>({ method: 'GET', path: resolved, query, signal: opts?.signal }));
  },
  post<T>(path: string, body?: unknown, query?: Record<string, unknown>): Promise<Envelope<T>> {
    return heard(send<T>({ method: 'POST', path, body, query }));
  },
  /** put: the few routes of the reference that take PUT (a chat's pin and sound). */
  put<T>(path: string, body?: unknown): Promise<Envelope<T>> {
    return heard(send<T>({ method: 'PUT', path, body }));
  },
  /** patch: the few routes of the reference that take PATCH (a workspace element). */
  patch<T>(path: string, body?: unknown): Promise<Envelope<T>> {
    return heard(send<T>({ method: 'PATCH', path, body }));
  },
  delete<T>(path: string, query?: Record<string, unknown>): Promise<Envelope<T>> {
    return heard(send<T>({ method: 'DELETE', path, query }));
  },
  /** bulk runs several calls (multi-entity saves), one result per call. */
  bulk(calls: BulkCall[]): Promise<BulkResult[]> {
    return runBulkSettled(calls);
  },
};
