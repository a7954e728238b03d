// GET batching (spec 000 §7, §9): eligible GETs wait up to BATCH_WAIT ms
// from the first one, then go out BATCH_SIZE per POST /api/v3/bulk. Each
// caller gets its own item's answer; a caller that cancels leaves at once
// with its AbortError, and its batch mates are not disturbed.
import { bulkFailure, runBulk, type BulkResult } from './bulk';
import { url, type Envelope } from './transport';
import { abortError } from './types';

export const BATCH_SIZE = 5;
export const BATCH_WAIT = 100;

interface Waiting {
  url: string;
  resolve(env: Envelope): void;
  reject(err: unknown): void;
  done: boolean;
  detach(): void;
}

export class Batcher {
  private queue: Waiting[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly run: (calls: { url: string; method: 'GET' }[]) => Promise<BulkResult[]> = runBulk) {}

  /** get queues one GET of an /api/v3 path (already resolved) with its query. */
  get<T>(path: string, query?: Record<string, unknown>, signal?: AbortSignal): Promise<Envelope<T>> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<Envelope<T>>((resolve, reject) => {
      const onAbort = () => {
        this.queue = this.queue.filter((w) => w !== waiting);
        settle(waiting, () => reject(abortError(signal!)));
      };
      const waiting: Waiting = {
        url: url(path, query),
        resolve: resolve as (env: Envelope) => void,
        reject,
        done: false,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiting);
      this.timer ??= setTimeout(() => this.flush(), BATCH_WAIT);
    });
  }

  /** flush sends everything queued now, BATCH_SIZE calls per bulk request. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const queue = this.queue;
    this.queue = [];
    for (let i = 0; i < queue.length; i += BATCH_SIZE) this.send(queue.slice(i, i + BATCH_SIZE));
  }

  private send(batch: Waiting[]) {
    this.run(batch.map((w) => ({ url: w.url, method: 'GET' as const }))).then(
      (results) =>
        batch.forEach((w, i) => {
          const r = results[i];
          settle(w, () => (r.ok ? w.resolve(r.value) : w.reject(r.error)));
        }),
      (err: unknown) => batch.forEach((w) => settle(w, () => w.reject(bulkFailure(err, w.url)))),
    );
  }
}

function settle(w: Waiting, fn: () => void) {
  if (w.done) return;
  w.done = true;
  w.detach();
  fn();
}
