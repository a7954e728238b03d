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

export const api = {
  get<T>(path: string, query?: Record<string, unknown>, opts?: { signal?: AbortSignal; batch?: boolean }): Promise<Envelope<T>> {
    const resolved = resolvePath(path);
    if (batchable(resolved, opts?.batch)) return batcher.get<T>(resolved, query, opts?.signal);
    return send<T>({ method: 'GET', path: resolved, query, signal: opts?.signal });
  },
  post<T>(path: string, body?: unknown, query?: Record<string, unknown>): Promise<Envelope<T>> {
    return send<T>({ method: 'POST', path, body, query });
  },
  delete<T>(path: string, query?: Record<string, unknown>): Promise<Envelope<T>> {
    return send<T>({ method: 'DELETE', path, query });
  },
  /** bulk runs several calls (multi-entity saves), one result per call. */
  bulk(calls: BulkCall[]): Promise<BulkResult[]> {
    return runBulkSettled(calls);
  },
};
