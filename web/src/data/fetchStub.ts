// Test support for the data layer: fetch replaced by a vi.fn that answers
// from a handler and records each request already decoded.
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { initI18n, type Language } from '../i18n';
import { setBatching } from './api';
import { forgetCatalogs } from './catalog';
import { resetStore } from './entities';

export interface StubRequest {
  method: string;
  path: string;
  query: unknown;
  body: unknown;
  headers: Record<string, string>;
}

export interface StubAnswer {
  status?: number;
  body?: unknown;
}

export type Handler = (req: StubRequest) => StubAnswer | Promise<StubAnswer>;

export function envelope(data: unknown, extra: Record<string, unknown> = {}, status = 200) {
  return { data, meta: { status, errors: [], ...extra } };
}

function decode(input: string, init: RequestInit = {}): StubRequest {
  const [path, raw] = input.split('?');
  let query: unknown = undefined;
  if (raw !== undefined) {
    const text = decodeURIComponent(raw);
    query = path.startsWith('/api/v3') ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(raw));
  }
  return {
    method: init.method ?? 'GET',
    path,
    query,
    body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    headers: (init.headers ?? {}) as Record<string, string>,
  };
}

/** stubFetch installs the handler as fetch; requests are in `requests`. */
export function stubFetch(handler: Handler) {
  const requests: StubRequest[] = [];
  const fn = vi.fn(async (input: string, init?: RequestInit) => {
    const req = decode(input, init);
    requests.push(req);
    if (init?.signal?.aborted) throw init.signal.reason;
    const answer = await handler(req);
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      statusText: status === 200 ? 'OK' : 'Error',
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, requests };
}

/** bulkHandler answers each bulk call through `item`, other requests through `rest`. */
export function bulkHandler(item: (url: string) => unknown, rest?: Handler): Handler {
  return (req) => {
    if (req.path === '/api/v3/bulk') {
      const calls = (req.body as { calls: { url: string }[] }).calls;
      return { body: envelope(calls.map((c) => item(c.url))) };
    }
    return rest ? rest(req) : { status: 404, body: envelope(null, {}, 404) };
  };
}

/** settle lets pending promise callbacks and due timers run, with fake timers too. */
export async function settle() {
  if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
  else await new Promise((r) => setTimeout(r, 0));
}

/**
 * freshDataEachTest registers the hooks a component test over the data
 * layer needs: the language loaded once, and each test starting with an
 * empty entity store and catalogue, no batching, and fetch restored after.
 */
export function freshDataEachTest(lang: Language = 'en') {
  beforeAll(async () => {
    await initI18n(lang);
  });
  beforeEach(() => {
    setBatching(false);
    resetStore();
    forgetCatalogs();
  });
  afterEach(() => {
    setBatching(true);
    vi.unstubAllGlobals();
  });
}
