// Reading entities into the store: a fetch per entity (batched by the api),
// and the background refresh of stale entries (spec 000 §4, §9): an entry
// older than FRESHNESS_MS is shown at once and refreshed, the refreshes
// gathered for REFRESH_DEBOUNCE_MS into POST /api/v3/bulk.
import { api } from './api';
import { runBulkSettled } from './bulk';
import { typeEndpoint } from './catalog';
import { getSlot, ingest, setFailed, setLoading } from './entities';
import { HttpError, url, apiPath } from './transport';
import { isTempId, keyOf, type Entity } from './types';
import { Debounce } from './timing';

export const FRESHNESS_MS = 60_000;
export const REFRESH_DEBOUNCE_MS = 500;

const inflight = new Map<string, Promise<void>>();

function fieldsQuery(fields?: string[]): Record<string, unknown> | undefined {
  return fields && fields.length > 0 ? { fields, onlyRequestedFields: true } : undefined;
}

/** covers: the stored entity already has what a reader asks for. */
export function covers(key: string, fields?: string[]): boolean {
  const slot = getSlot(key);
  if (!slot.server) return false;
  if (!fields || fields.length === 0) return slot.full;
  return fields.every((f) => f in slot.server!);
}

export function isStale(key: string, now = Date.now()): boolean {
  const slot = getSlot(key);
  return slot.fetchedAt > 0 && now - slot.fetchedAt > FRESHNESS_MS;
}

function flightKey(key: string, fields?: string[]) {
  return `${key}|${fields?.join(',') ?? '*'}`;
}

/** fetchEntity loads one entity; its error is stored with it. */
export function fetchEntity(contentType: string, id: string, fields?: string[]): Promise<void> {
  const key = keyOf({ contentType, id });
  const flight = flightKey(key, fields);
  const running = inflight.get(flight);
  if (running) return running;
  setLoading(key);
  const p = api
    .get<Entity>(`${typeEndpoint(contentType)}/${id}`, fieldsQuery(fields))
    .then(
      (env) => ingest(env.data, { full: !fields || fields.length === 0 }),
      (err: unknown) => setFailed(key, err),
    )
    .finally(() => inflight.delete(flight));
  inflight.set(flight, p);
  return p;
}

/**
 * ensureEntity is what a reader mounting calls: fetch what is missing,
 * refresh in the background what is stale, leave alone what is fresh.
 */
export function ensureEntity(contentType: string, id: string, fields?: string[]) {
  if (isTempId(id)) return;
  const key = keyOf({ contentType, id });
  // A pending link resolution does not count: it brings only a list's subset of fields.
  if (inflight.has(flightKey(key, fields))) return;
  // A reader arriving after a failure tries again.
  if (!covers(key, fields) || getSlot(key).state === 'error') {
    void fetchEntity(contentType, id, fields);
    return;
  }
  if (isStale(key)) scheduleRefresh(contentType, id, fields);
}

const refreshQueue = new Map<string, { contentType: string; id: string; fields?: string[] }>();
const refresher = new Debounce(REFRESH_DEBOUNCE_MS, () => void flushRefresh(), REFRESH_DEBOUNCE_MS * 4);

export function scheduleRefresh(contentType: string, id: string, fields?: string[]) {
  refreshQueue.set(keyOf({ contentType, id }), { contentType, id, fields });
  refresher.schedule();
}

async function flushRefresh() {
  const due = [...refreshQueue.values()];
  refreshQueue.clear();
  const calls = due.map((d) => ({
    url: url(apiPath(`${typeEndpoint(d.contentType)}/${d.id}`), fieldsQuery(d.fields)),
    method: 'GET' as const,
  }));
  const results = await runBulkSettled(calls);
  results.forEach((r, i) => {
    const d = due[i];
    if (r.ok) ingest(r.value.data as Entity, { full: !d.fields || d.fields.length === 0 });
    // The entity went away or out of reach: say so. Anything else (the
    // network, the server) keeps the stale copy on screen.
    else if (r.error instanceof HttpError && (r.error.status === 404 || r.error.status === 403)) {
      setFailed(keyOf(d), r.error);
    }
  });
}
