import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_TIMEOUT_MS, QUEUE_DELAY_MS } from './constants';
import { RealtimeSocket, reconnectDelay, socketURL } from './socket';
import { FakeSocket, fakeFactory } from './testing/fakes';

describe('live socket', () => {
  let socket: RealtimeSocket;
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    socket?.stop();
    warn.mockRestore();
    vi.useRealTimers();
  });

  it('connects to /ecomet/websocket with ws or wss as the page', () => {
    expect(socketURL({ protocol: 'http:', host: 'a.example:8080' } as Location)).toBe('ws://a.example:8080/ecomet/websocket');
    expect(socketURL({ protocol: 'https:', host: 'a.example' } as Location)).toBe('wss://a.example/ecomet/websocket');
  });

  it('authenticates with its first message, by token when it has one, else by the cookie', () => {
    socket = new RealtimeSocket({ factory: fakeFactory, token: () => 'Employee.1.2.mac' });
    socket.start();
    FakeSocket.last().open();
    expect(FakeSocket.last().sent).toEqual([{ type: 'auth', token: 'Employee.1.2.mac' }]);
    socket.stop();
    socket = new RealtimeSocket({ factory: fakeFactory });
    socket.start();
    FakeSocket.last().open();
    expect(FakeSocket.last().sent).toEqual([{ type: 'auth' }]);
  });

  it('is connected once the server says who we are, and disconnected when the socket closes', () => {
    socket = new RealtimeSocket({ factory: fakeFactory });
    const states: string[] = [];
    socket.onState((s) => states.push(s));
    socket.start();
    FakeSocket.last().open();
    expect(socket.state).toBe('socketDisconnected');
    FakeSocket.last().ready('5', '9');
    expect(socket.state).toBe('connected');
    expect(socket.info).toEqual({ uid: '5', sessionId: '9' });
    FakeSocket.last().serverClose(1001);
    expect(states).toEqual(['connected', 'socketDisconnected']);
  });

  it('reconnects after 1 s, doubling the delay up to 60 s, and starts again from 1 s after a success', async () => {
    socket = new RealtimeSocket({ factory: fakeFactory });
    socket.start();
    const gaps: number[] = [];
    for (let i = 0; i < 9; i++) {
      const before = FakeSocket.all.length;
      FakeSocket.last().serverClose(1006);
      const started = Date.now();
      while (FakeSocket.all.length === before) await vi.advanceTimersByTimeAsync(100);
      gaps.push(Date.now() - started);
    }
    expect(gaps).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    expect([0, 5, 6, 20].map(reconnectDelay)).toEqual([1000, 32000, 60000, 60000]);
    FakeSocket.last().connect();
    FakeSocket.last().serverClose(1006);
    await vi.advanceTimersByTimeAsync(999);
    const count = FakeSocket.all.length;
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all.length).toBe(count + 1);
  });

  it('gives up a connection not ready within 5 s, logs it and tries again', async () => {
    socket = new RealtimeSocket({ factory: fakeFactory });
    socket.start();
    const first = FakeSocket.last();
    first.open();
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(first.closedWith).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(first.closedWith).toBeDefined();
    expect(warn).toHaveBeenCalledWith('artel realtime: connect timeout');
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('logs a socket error, closes the connection and reconnects', async () => {
    socket = new RealtimeSocket({ factory: fakeFactory });
    socket.start();
    const first = FakeSocket.last();
    first.connect();
    first.fail();
    expect(warn).toHaveBeenCalledWith('artel realtime: socket error', expect.anything());
    expect(first.closedWith).toBeDefined();
    expect(socket.state).toBe('socketDisconnected');
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('queues messages while connecting and sends them after authentication', async () => {
    socket = new RealtimeSocket({ factory: fakeFactory });
    socket.start();
    socket.send({ type: 'broadcast', route: 'user:1', message: 1 });
    socket.send({ type: 'broadcast', route: 'user:1', message: 2 });
    const ws = FakeSocket.last();
    ws.open();
    await vi.advanceTimersByTimeAsync(QUEUE_DELAY_MS * 2);
    expect(ws.sent).toEqual([{ type: 'auth' }]);
    ws.ready();
    expect(ws.ofType('broadcast').map((m) => m.message)).toEqual([1, 2]);
    socket.send({ type: 'broadcast', route: 'user:1', message: 3 });
    expect(ws.ofType('broadcast').map((m) => m.message)).toEqual([1, 2, 3]);
  });

  it('subscribes its routes, follows changes, and subscribes them all again after a reconnect', async () => {
    socket = new RealtimeSocket({ factory: fakeFactory });
    socket.setRoutes(['entity.updated:Task', 'presence']);
    socket.start();
    FakeSocket.last().connect();
    expect(FakeSocket.last().ofType('subscribe')).toEqual([{ type: 'subscribe', routes: ['entity.updated:Task', 'presence'] }]);
    socket.setRoutes(['entity.updated:Task', 'entity.updated:Deal']);
    expect(FakeSocket.last().sent.slice(-2)).toEqual([
      { type: 'subscribe', routes: ['entity.updated:Deal'] },
      { type: 'unsubscribe', routes: ['presence'] },
    ]);
    FakeSocket.last().serverClose(1001);
    await vi.advanceTimersByTimeAsync(1000);
    const again = FakeSocket.last();
    again.connect();
    expect(again.sent).toEqual([{ type: 'auth' }, { type: 'subscribe', routes: ['entity.updated:Task', 'entity.updated:Deal'] }]);
  });

  it('does not ask again for a route the server refused on this connection', () => {
    socket = new RealtimeSocket({ factory: fakeFactory });
    socket.setRoutes(['entity.updated:Task:5']);
    socket.start();
    const ws = FakeSocket.last();
    ws.connect();
    ws.receive({ event: 'ecomet.subscribed', message: { routes: [], refused: [{ route: 'entity.updated:Task:5', code: 'not_found' }] } });
    socket.setRoutes(['entity.updated:Task:5', 'presence']);
    expect(ws.ofType('subscribe').map((m) => m.routes)).toEqual([['entity.updated:Task:5'], ['presence']]);
  });

  it('acknowledges every message that carries an id and passes the rest on', () => {
    socket = new RealtimeSocket({ factory: fakeFactory });
    const got: string[] = [];
    socket.onMessage((m) => got.push(m.event));
    socket.start();
    const ws = FakeSocket.last();
    ws.connect();
    ws.receive({ event: 'user:1', message: { hello: true }, id: 4242 });
    ws.receive({ event: 'entity.updated:Task', message: { contentType: 'Task', id: '1', action: 'updated' } });
    expect(ws.ofType('invoice')).toEqual([{ type: 'invoice', id: 4242 }]);
    expect(got).toEqual(['user:1', 'entity.updated:Task']);
  });

  it('stops for good: no reconnect after stop', async () => {
    socket = new RealtimeSocket({ factory: fakeFactory });
    socket.start();
    FakeSocket.last().connect();
    socket.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.last().closedWith?.code).toBe(1000);
  });
});
