// POST /api/v3/bulk: several calls in one request, answered item by item
// (spec 000 §7, §8). Each item settles its own caller; a failed item fails
// alone, and the whole request failing fails every caller.
import { hasEntity } from './entities';
import { HttpError, NetworkError, UnexpectedResponseError, isEnvelope, send, type Envelope, type Method } from './transport';
import { isLink, isTempId, keyOf, type Link } from './types';

/** Spec 000 §9: a list holding more than this many entities is compressed. */
export const COMPRESS_THRESHOLD = 5;
/** The server refuses a bulk request of more calls than this. */
export const MAX_BULK_CALLS = 100;
/** A bulk item not run because a call it depends on failed. */
export const FAILED_DEPENDENCY = 424;

export interface BulkCall {
  /** The full address: "/api/v3/task/5?{query JSON}". */
  url: string;
  method: Method;
  body?: unknown;
}

export type BulkResult = { ok: true; value: Envelope } | { ok: false; error: Error };

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  424: 'Failed Dependency',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** Bulk items carry a status but no status text; this is the HTTP one. */
export function statusText(status: number): string {
  return statusTexts[status] ?? 'Error';
}

function isEntityRef(v: unknown): v is Link {
  return isLink(v) && !isTempId(v.id);
}

/**
 * compressBody shrinks an entity body (spec 000 §7: "entity bodies with more
 * than 5 entities in a list are compressed into chunks by type"). A list of
 * more than COMPRESS_THRESHOLD entities, each one the store already holds,
 * is a list of references the client echoes back (executors picked from a
 * list, say): each becomes its bare link, grouped into runs of one type in
 * the order the types first appear, so the server resolves each type in one
 * query. Lists with anything else (new or unknown entities, values such as
 * contact entries whose fields matter) are left whole, since dropping their
 * fields would change what is saved.
 */
export function compressBody(value: unknown, isReference: (key: string) => boolean = hasEntity): unknown {
  if (Array.isArray(value)) {
    if (value.length > COMPRESS_THRESHOLD && value.every((v) => isEntityRef(v) && isReference(keyOf(refOf(v))))) {
      return chunkByType(value.map(refOf));
    }
    return value.map((v) => compressBody(v, isReference));
  }
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = compressBody(v, isReference);
  return out;
}

function refOf(v: Link): Link {
  return { contentType: v.contentType, id: String(v.id) };
}

function chunkByType(links: Link[]): Link[] {
  const byType = new Map<string, Link[]>();
  for (const l of links) {
    const run = byType.get(l.contentType);
    if (run) run.push(l);
    else byType.set(l.contentType, [l]);
  }
  return [...byType.values()].flat();
}

/** buildBulkBody is the POST /api/v3/bulk body, entity bodies compressed. */
export function buildBulkBody(calls: BulkCall[]): { calls: BulkCall[] } {
  return {
    calls: calls.map((c) => (c.body === undefined ? { url: c.url, method: c.method } : { ...c, body: compressBody(c.body) })),
  };
}

/**
 * itemResult maps one answer item. A failed item keeps the server's error
 * entries when it has valid ones; without them it gets one entry of type
 * FakeBulkError (FailedDependency for 424) so callers always have a reason.
 */
export function itemResult(item: unknown, url: string): BulkResult {
  if (!isEnvelope(item)) return { ok: false, error: new UnexpectedResponseError(url) };
  const status = item.meta?.status ?? 200;
  if (status >= 200 && status <= 399) return { ok: true, value: item };
  const text = statusText(status);
  const own = new HttpError(status, text, item, url);
  if (own.errors.length > 0) return { ok: false, error: own };
  const type = status === FAILED_DEPENDENCY ? 'FailedDependency' : 'FakeBulkError';
  const meta = { ...item.meta, errors: [{ field: null, type, message: `${status} ${text}` }] };
  return { ok: false, error: new HttpError(status, text, { data: item.data, meta }, url) };
}

/**
 * bulkFailure is what each caller gets when the bulk request itself failed:
 * an error of type Unknown saying the status, or the network failure.
 */
export function bulkFailure(err: unknown, url: string): Error {
  if (err instanceof HttpError) {
    const message = `${err.status} ${err.statusText}`;
    const meta = { status: err.status, errors: [{ field: null, type: 'Unknown', message }] };
    return new HttpError(err.status, err.statusText, { data: null, meta }, url);
  }
  if (err instanceof NetworkError) return new NetworkError({ method: 'GET', path: url }, err.cause);
  if (err instanceof UnexpectedResponseError) return new UnexpectedResponseError(url);
  return err instanceof Error ? err : new Error(String(err));
}

export function isFailedDependency(err: unknown): boolean {
  return err instanceof HttpError && err.status === FAILED_DEPENDENCY;
}

/** runBulk sends the calls (at most MAX_BULK_CALLS) and answers one result per call. */
export async function runBulk(calls: BulkCall[]): Promise<BulkResult[]> {
  const env = await send<unknown[]>({ method: 'POST', path: '/api/v3/bulk', body: buildBulkBody(calls) });
  const items = Array.isArray(env.data) ? env.data : [];
  return calls.map((c, i) => itemResult(items[i], c.url));
}

/** runBulkSettled runs any number of calls, MAX_BULK_CALLS per request, one result per call whatever happens. */
export async function runBulkSettled(calls: BulkCall[]): Promise<BulkResult[]> {
  const chunks: BulkCall[][] = [];
  for (let i = 0; i < calls.length; i += MAX_BULK_CALLS) chunks.push(calls.slice(i, i + MAX_BULK_CALLS));
  const results = await Promise.all(
    chunks.map((chunk) =>
      runBulk(chunk).catch((err: unknown) => chunk.map((c): BulkResult => ({ ok: false, error: bulkFailure(err, c.url) }))),
    ),
  );
  return results.flat();
}
