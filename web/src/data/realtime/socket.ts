// The live socket (spec 000 §7, §8, §9): one connection to /ecomet/websocket
// (or its long-polling twin) that authenticates with its first message,
// keeps a set of routes subscribed across reconnects, acknowledges every
// message that carries an id, and reconnects after errors with a doubling
// delay. Only the main tab runs one (see tabs.ts).
import { CONNECT_TIMEOUT_MS, QUEUE_DELAY_MS, RECONNECT_BASE_MS, RECONNECT_MAX_FACTOR } from './constants';
import { LongPollSocket } from './longpoll';

export type ConnectionState = 'connected' | 'socketDisconnected';

/** What the client needs of a WebSocket; the long-poll transport has the same shape. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = () => SocketLike;

/** Every server message: {event, message, id?}. */
export interface ServerMessage {
  event: string;
  message: unknown;
  id?: number;
}

export interface Ready {
  uid: string;
  /** The session the connection rides on; null when it authenticated with the live-socket token. */
  sessionId: string | null;
}

const OPEN = 1;

/** socketURL is /ecomet/websocket on this page's host, ws or wss as the page. */
export function socketURL(loc: Location = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ecomet/websocket`;
}

/** defaultFactory opens a WebSocket, or a long poll where the browser has none. */
export function defaultFactory(): SocketLike {
  if (typeof WebSocket === 'undefined') return new LongPollSocket();
  return new WebSocket(socketURL()) as unknown as SocketLike;
}

/** reconnectDelay is the wait before attempt n (0-based): 1 s doubling, at most 60 s. */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_BASE_MS * Math.min(2 ** attempt, RECONNECT_MAX_FACTOR);
}

export interface SocketOptions {
  factory?: SocketFactory;
  /** The authentication token for the first message; without one the session cookie speaks. */
  token?: () => string | undefined;
}

export class RealtimeSocket {
  private ws: SocketLike | null = null;
  private ready = false;
  private running = false;
  private attempt = 0;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private queueTimer: ReturnType<typeof setInterval> | undefined;
  private queue: object[] = [];
  private readonly wanted = new Set<string>();
  /** Routes asked for on this connection (accepted or on their way). */
  private readonly asked = new Set<string>();
  /** Routes the server refused on this connection: not asked again until a reconnect. */
  private readonly refused = new Set<string>();
  private readonly messageListeners = new Set<(m: ServerMessage) => void>();
  private readonly stateListeners = new Set<(s: ConnectionState) => void>();
  private readonly closeListeners = new Set<(code: number) => void>();
  private readonly factory: SocketFactory;
  private readonly token: () => string | undefined;
  state: ConnectionState = 'socketDisconnected';
  info: Ready | undefined;

  constructor(opts: SocketOptions = {}) {
    this.factory = opts.factory ?? defaultFactory;
    this.token = opts.token ?? (() => undefined);
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  /** stop closes the connection for good (this tab is no longer main, or the app stops). */
  stop() {
    this.running = false;
    clearTimeout(this.retryTimer);
    this.stopQueueTimer();
    if (this.ws) this.drop(1000, 'stopped');
  }

  /** setRoutes makes the subscribed routes these: new ones are subscribed, missing ones unsubscribed. */
  setRoutes(routes: Iterable<string>) {
    const next = new Set(routes);
    for (const r of [...this.refused]) if (!next.has(r)) this.refused.delete(r);
    this.wanted.clear();
    next.forEach((r) => this.wanted.add(r));
    if (this.ready) this.sync();
  }

  /** send queues a message; it leaves once the connection is authenticated. */
  send(msg: object) {
    if (this.ready && this.ws?.readyState === OPEN) {
      this.ws.send(JSON.stringify(msg));
      return;
    }
    this.queue.push(msg);
    if (this.queueTimer === undefined) this.queueTimer = setInterval(() => this.flush(), QUEUE_DELAY_MS);
  }

  onMessage(fn: (m: ServerMessage) => void): () => void {
    this.messageListeners.add(fn);
    return () => this.messageListeners.delete(fn);
  }

  onState(fn: (s: ConnectionState) => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  /** onClose hears the close code of every connection that ends. */
  onClose(fn: (code: number) => void): () => void {
    this.closeListeners.add(fn);
    return () => this.closeListeners.delete(fn);
  }

  private connect() {
    let ws: SocketLike;
    try {
      ws = this.factory();
    } catch (err) {
      console.warn('artel realtime: cannot open the socket', err);
      this.retry();
      return;
    }
    this.ws = ws;
    // The timeout runs until the server says who we are, not only until the socket opens.
    this.connectTimer = setTimeout(() => {
      console.warn('artel realtime: connect timeout');
      this.drop(4000, 'connect timeout');
    }, CONNECT_TIMEOUT_MS);
    ws.onopen = () => {
      const token = this.token();
      // Authentication rides on the first message, before anything queued.
      ws.send(JSON.stringify(token ? { type: 'auth', token } : { type: 'auth' }));
    };
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onerror = (ev) => {
      console.warn('artel realtime: socket error', ev);
      this.drop(4001, 'socket error');
    };
    ws.onclose = (ev) => this.closed(ev.code);
  }

  private receive(data: unknown) {
    let m: ServerMessage;
    try {
      m = JSON.parse(String(data)) as ServerMessage;
    } catch {
      console.warn('artel realtime: unreadable message', data);
      return;
    }
    if (typeof m.id === 'number' && m.id > 0) this.ws?.send(JSON.stringify({ type: 'invoice', id: m.id }));
    switch (m.event) {
      case 'ecomet.ready':
        this.authenticated(m.message as Ready);
        return;
      case 'ecomet.subscribed':
        this.subscribed(m.message as { refused?: { route: string; code: string }[] });
        return;
      case 'ecomet.error':
        console.warn('artel realtime: the server refused a message', m.message);
        return;
    }
    for (const fn of [...this.messageListeners]) fn(m);
  }

  private authenticated(info: Ready) {
    clearTimeout(this.connectTimer);
    this.info = { uid: String(info?.uid ?? ''), sessionId: info?.sessionId ?? null };
    this.ready = true;
    this.attempt = 0;
    this.asked.clear();
    this.refused.clear();
    this.sync();
    this.flush();
    this.setState('connected');
  }

  private subscribed(msg: { refused?: { route: string; code: string }[] }) {
    for (const r of msg?.refused ?? []) {
      this.asked.delete(r.route);
      this.refused.add(r.route);
    }
  }

  /** sync sends the difference between the wanted routes and those asked for. */
  private sync() {
    const add = [...this.wanted].filter((r) => !this.asked.has(r) && !this.refused.has(r));
    const remove = [...this.asked].filter((r) => !this.wanted.has(r));
    add.forEach((r) => this.asked.add(r));
    remove.forEach((r) => this.asked.delete(r));
    if (add.length) this.ws!.send(JSON.stringify({ type: 'subscribe', routes: add }));
    if (remove.length) this.ws!.send(JSON.stringify({ type: 'unsubscribe', routes: remove }));
  }

  private flush() {
    if (!this.ready || this.ws?.readyState !== OPEN) return;
    const out = this.queue;
    this.queue = [];
    out.forEach((m) => this.ws!.send(JSON.stringify(m)));
    this.stopQueueTimer();
  }

  private stopQueueTimer() {
    clearInterval(this.queueTimer);
    this.queueTimer = undefined;
  }

  /** drop closes the connection on our side and goes on as if the server had closed it. */
  private drop(code: number, reason: string) {
    const ws = this.ws;
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
    try {
      ws.close(code >= 4000 || code === 1000 ? code : 1000, reason);
    } catch {
      // Closing a socket that never opened may throw; it is gone either way.
    }
    this.closed(code);
  }

  private closed(code: number) {
    clearTimeout(this.connectTimer);
    this.ws = null;
    this.ready = false;
    this.asked.clear();
    this.setState('socketDisconnected');
    for (const fn of [...this.closeListeners]) fn(code);
    if (this.running) this.retry();
  }

  private retry() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.running) this.connect();
    }, reconnectDelay(this.attempt++));
  }

  private setState(s: ConnectionState) {
    if (s === this.state) return;
    this.state = s;
    for (const fn of [...this.stateListeners]) fn(s);
  }
}
