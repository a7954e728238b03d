// Transport: one place that speaks HTTP to the server in the conventions of
// spec 000 §7: JSON query after "?" for /api/v3, time-zone and language
// headers, JSON bodies, the data+meta envelope checked on every answer.

export interface ErrorEntry {
  field?: string | null;
  message: string;
  type: string;
}

export interface Meta {
  status?: number;
  errors?: ErrorEntry[];
  pagination?: { count?: number; hasMoreNext?: boolean; hasMorePrev?: boolean; elementIndex?: number; countCapped?: boolean };
  [key: string]: unknown;
}

export interface Envelope<T = unknown> {
  data: T;
  meta: Meta;
}

/** A failed HTTP status (outside 200..399): carries the response and its envelope. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: Envelope | null,
    readonly url: string,
  ) {
    super(`${status} ${statusText}`);
    this.name = 'HttpError';
  }

  /** Valid error entries only: an entry counts when it has a type and a message. */
  get errors(): ErrorEntry[] {
    return (this.body?.meta?.errors ?? []).filter((e) => e && e.type && e.message);
  }
}

/** No answer at all (network down, server gone): carries the request. */
export class NetworkError extends Error {
  constructor(readonly config: RequestConfig, readonly cause?: unknown) {
    super('network error');
    this.name = 'NetworkError';
  }
}

/** The server answered 2xx but not with data and meta. */
export class UnexpectedResponseError extends Error {
  constructor(readonly url: string) {
    super('unexpected server response');
    this.name = 'UnexpectedResponseError';
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestConfig {
  method: Method;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  /** keepalive lets the request outlive the page (events sent as it closes). */
  keepalive?: boolean;
}

let locale = '';
const localeListeners = new Set<() => void>();

/** setLocale makes every request carry Accept-Language. */
export function setLocale(lang: string) {
  if (lang === locale) return;
  locale = lang;
  for (const fn of localeListeners) fn();
}

/** onLocaleChange hears setLocale (data in the caller's language is refetched). */
export function onLocaleChange(fn: () => void): () => void {
  localeListeners.add(fn);
  return () => localeListeners.delete(fn);
}

/** getLocale is the language requests carry ('' before setLocale). */
export function getLocale(): string {
  return locale;
}

/** The offset of the browser's zone from UTC in seconds (east positive). */
export function timeZoneOffset(now = new Date()): number {
  return -now.getTimezoneOffset() * 60;
}

/** apiPath turns "task/5" or "/api/v3/task/5" into "/api/v3/task/5". */
export function apiPath(path: string): string {
  if (path.startsWith('/api/v3/') || path === '/api/v3') return path;
  return '/api/v3/' + path.replace(/^\/+/, '');
}

/**
 * resolvePath: "task/5" and "/api/v3/task/5" are API paths; any other path
 * starting with "/" (/profileBatch, /logout) is used as it is.
 */
export function resolvePath(path: string): string {
  return path.startsWith('/') && !path.startsWith('/api/v3') ? path : apiPath(path);
}

/** url builds the address: /api/v3 paths take the query as one JSON string. */
export function url(path: string, query?: Record<string, unknown>): string {
  if (!query || Object.keys(query).length === 0) return path;
  if (path.startsWith('/api/v3')) return `${path}?${encodeURIComponent(JSON.stringify(query))}`;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q.set(k, String(v));
  return `${path}?${q}`;
}

function cookie(name: string): string {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(name + '='));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : '';
}

/** headers for a request: zone, language, JSON type and CSRF for writes. */
export function headers(method: Method, hasBody: boolean): Record<string, string> {
  const h: Record<string, string> = { 'X-Timezone-Offset': String(timeZoneOffset()), Accept: 'application/json' };
  if (locale) h['Accept-Language'] = locale;
  if (method !== 'GET') {
    if (hasBody) h['Content-Type'] = 'application/json';
    const csrf = cookie('artel_csrf');
    if (csrf) h['X-CSRF-Token'] = csrf;
  }
  return h;
}

/** isEnvelope: an answer must hold both data and meta. */
export function isEnvelope(v: unknown): v is Envelope {
  return typeof v === 'object' && v !== null && 'data' in v && 'meta' in v;
}

/**
 * send performs one request without batching. Cancelled requests reject with
 * the AbortError unchanged, so callers can tell a cancel from a failure.
 */
export async function send<T = unknown>(config: RequestConfig): Promise<Envelope<T>> {
  const address = url(resolvePath(config.path), config.query);
  const hasBody = config.body !== undefined;
  let res: Response;
  try {
    res = await fetch(address, {
      method: config.method,
      headers: headers(config.method, hasBody),
      body: hasBody ? JSON.stringify(config.body) : undefined,
      credentials: 'same-origin',
      signal: config.signal,
      keepalive: config.keepalive,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(config, err);
  }
  return answer<T>(res, address);
}

/**
 * sendForm posts a multipart form (a file upload): no JSON type header, so
 * the browser writes the boundary; the answer is read as send reads it.
 */
export async function sendForm<T = unknown>(path: string, form: FormData, signal?: AbortSignal): Promise<Envelope<T>> {
  const address = resolvePath(path);
  let res: Response;
  try {
    res = await fetch(address, { method: 'POST', headers: headers('POST', false), body: form, credentials: 'same-origin', signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError({ method: 'POST', path }, err);
  }
  return answer<T>(res, address);
}

async function answer<T>(res: Response, address: string): Promise<Envelope<T>> {
  let parsed: unknown = null;
  try {
    parsed = await res.json();
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    parsed = null;
  }
  if (res.status < 200 || res.status > 399) {
    throw new HttpError(res.status, res.statusText, isEnvelope(parsed) ? parsed : null, address);
  }
  if (!isEnvelope(parsed)) throw new UnexpectedResponseError(address);
  return parsed as Envelope<T>;
}
