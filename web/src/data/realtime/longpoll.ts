// The long-polling transport (/comet/{random}) for browsers without
// WebSocket: the same messages, POSTed by the client and collected by GETs
// that the server holds open until something arrives. It looks like a
// WebSocket to socket.ts. It speaks plain JSON, not the API's data+meta
// envelope, so it calls fetch itself rather than through transport.ts.

type Handlers = {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
};

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;

function randomId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export class LongPollSocket implements Handlers {
  onopen: Handlers['onopen'] = null;
  onmessage: Handlers['onmessage'] = null;
  onclose: Handlers['onclose'] = null;
  onerror: Handlers['onerror'] = null;
  readyState = CONNECTING;
  readonly url: string;
  private outbox: string[] = [];
  private posting = false;
  private polling = false;
  private readonly stop = new AbortController();

  constructor(base = '/comet/') {
    this.url = base + randomId();
    setTimeout(() => {
      if (this.readyState !== CONNECTING) return;
      this.readyState = OPEN;
      this.onopen?.({});
    }, 0);
  }

  send(data: string) {
    if (this.readyState !== OPEN) throw new Error('long poll is not open');
    this.outbox.push(data);
    void this.post();
  }

  close(code = 1000, reason = '') {
    if (this.readyState === CLOSED) return;
    this.stop.abort();
    this.finish(code, reason);
  }

  private async post() {
    if (this.posting || this.outbox.length === 0) return;
    this.posting = true;
    const batch = this.outbox;
    this.outbox = [];
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: `[${batch.join(',')}]`,
        signal: this.stop.signal,
      });
      if (res.status === 401) return this.finish(1008, 'unauthorized');
      if (!res.ok) return this.fail(new Error(`long poll POST: ${res.status}`));
      if (!this.polling) void this.poll();
    } catch (err) {
      return this.fail(err);
    } finally {
      this.posting = false;
    }
    void this.post();
  }

  private async poll() {
    this.polling = true;
    while (this.readyState === OPEN) {
      let body: { messages?: unknown[]; closed?: { code: number; reason: string } };
      try {
        const res = await fetch(this.url, { credentials: 'same-origin', signal: this.stop.signal });
        if (res.status === 404) return this.finish(1001, 'gone');
        if (!res.ok) return this.fail(new Error(`long poll GET: ${res.status}`));
        body = await res.json();
      } catch (err) {
        return this.fail(err);
      }
      for (const m of body.messages ?? []) {
        if (this.readyState !== OPEN) return;
        this.onmessage?.({ data: JSON.stringify(m) });
      }
      if (body.closed) return this.finish(body.closed.code, body.closed.reason);
    }
  }

  private fail(err: unknown) {
    if (this.readyState === CLOSED) return;
    this.onerror?.(err);
    this.finish(1006, 'network');
  }

  private finish(code: number, reason: string) {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.stop.abort();
    this.onclose?.({ code, reason });
  }
}
