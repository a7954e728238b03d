// Test doubles for the realtime client: a WebSocket the test drives by
// hand, and BroadcastChannels joined in one fake browser so several
// "tabs" can live in one test. Used by the realtime tests only.
import type { SocketLike } from '../socket';
import type { ChannelLike } from '../tabs';

export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  /** Client messages, decoded. */
  readonly sent: Record<string, unknown>[] = [];
  closedWith: { code?: number; reason?: string } | undefined;

  constructor() {
    FakeSocket.all.push(this);
  }

  static last(): FakeSocket {
    return FakeSocket.all[FakeSocket.all.length - 1];
  }

  send(data: string) {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }

  close(code?: number, reason?: string) {
    this.readyState = 3;
    this.closedWith = { code, reason };
  }

  /** The server accepts the connection. */
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** The server authenticates the first message. */
  ready(uid = '1', sessionId: string | null = '7') {
    this.receive({ event: 'ecomet.ready', message: { uid, user: { contentType: 'Employee', id: uid }, sessionId } });
  }

  /** open and ready at once. */
  connect(uid?: string, sessionId?: string | null) {
    this.open();
    this.ready(uid, sessionId);
  }

  receive(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }

  serverClose(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }

  fail() {
    this.onerror?.({ type: 'error' });
  }

  /** Messages of one type sent so far. */
  ofType(type: string) {
    return this.sent.filter((m) => m.type === type);
  }
}

export const fakeFactory = () => new FakeSocket();

/** FakeBrowser joins channels like tabs of one browser; messages arrive as microtasks, cloned. */
export class FakeBrowser {
  private readonly channels = new Set<FakeChannel>();

  channel(): FakeChannel {
    const c = new FakeChannel(this);
    this.channels.add(c);
    return c;
  }

  deliver(from: FakeChannel, msg: unknown) {
    const copy = JSON.stringify(msg);
    for (const c of this.channels) {
      if (c !== from && !c.cut && !from.cut) queueMicrotask(() => c.onmessage?.({ data: JSON.parse(copy) }));
    }
  }

  remove(c: FakeChannel) {
    this.channels.delete(c);
  }
}

export class FakeChannel implements ChannelLike {
  onmessage: ChannelLike['onmessage'] = null;
  /** A cut channel neither sends nor hears (a frozen or crashed tab). */
  cut = false;
  readonly posted: unknown[] = [];

  constructor(private readonly browser: FakeBrowser) {}

  postMessage(msg: unknown) {
    this.posted.push(msg);
    this.browser.deliver(this, msg);
  }

  close() {
    this.browser.remove(this);
  }
}
