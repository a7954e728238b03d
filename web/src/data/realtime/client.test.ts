// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../fetchStub';
import { HttpError } from '../transport';
import { RealtimeClient, type PageActions } from './client';
import { LOADED_HEARTBEAT_MS, RECOVERY_MS, TAB_PROBE_MS, UPDATER_INTERVAL_MS } from './constants';
import { Presence } from './presence';
import { RouteRegistry } from './registry';
import { FakeBrowser, FakeSocket, type FakeChannel } from './testing/fakes';
import type { UpdaterDeps } from './updater';

interface Tab {
  client: RealtimeClient;
  registry: RouteRegistry;
  channel: FakeChannel;
  sockets: FakeSocket[];
  page: { [K in keyof PageActions]: ReturnType<typeof vi.fn> };
  counter: ReturnType<typeof vi.fn>;
  refreshed: string[];
  reloaded: string[];
}

describe('realtime client across tabs', () => {
  let browser: FakeBrowser;
  let tabs: Tab[];

  function open(opts: { counter?: () => Promise<unknown>; onLogin?: boolean; updaterOff?: boolean } = {}): Tab {
    const registry = new RouteRegistry();
    const sockets: FakeSocket[] = [];
    const refreshed: string[] = [];
    const reloaded: string[] = [];
    const deps: UpdaterDeps = {
      refresh: (t, id) => refreshed.push(`${t}:${id}`),
      reloadLists: (t) => reloaded.push(t),
      drop: () => {},
    };
    const page = { reload: vi.fn(), assign: vi.fn(), onLoginPage: vi.fn(() => !!opts.onLogin) };
    const counter = vi.fn(opts.counter ?? (() => Promise.resolve({})));
    const channel = browser.channel();
    const client = new RealtimeClient({
      factory: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      channel,
      registry,
      presence: new Presence(registry),
      updaterDeps: deps,
      page,
      counter,
      settings: async () => (opts.updaterOff ? { enabled: false } : {}),
      trackSession: false,
      random: () => 0.5,
    });
    client.start();
    const tab = { client, registry, channel, sockets, page, counter, refreshed, reloaded };
    tabs.push(tab);
    return tab;
  }

  const subscribed = (s: FakeSocket) => {
    const on = new Set<string>();
    for (const m of s.sent) {
      if (m.type === 'subscribe') (m.routes as string[]).forEach((r) => on.add(r));
      if (m.type === 'unsubscribe') (m.routes as string[]).forEach((r) => on.delete(r));
    }
    return on;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(() => ({ body: envelope([]) }));
    browser = new FakeBrowser();
    tabs = [];
  });
  afterEach(() => {
    tabs.forEach((t) => t.client.stop());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  async function twoTabs() {
    const a = open();
    await vi.advanceTimersByTimeAsync(TAB_PROBE_MS);
    a.sockets[0].connect('1', '7');
    const b = open();
    await vi.advanceTimersByTimeAsync(1000);
    return { a, b };
  }

  it('lets only the main tab hold the socket and subscribes the routes every tab asks for', async () => {
    const { a, b } = await twoTabs();
    expect(a.client.isMain()).toBe(true);
    expect(b.client.isMain()).toBe(false);
    expect(b.sockets).toHaveLength(0);
    expect(document.documentElement.dataset.mainTab).toBe('0'); // the last tab to mark, b
    b.registry.hold(['entity.updated:Deal', 'entity.updated:Deal:4']);
    a.registry.hold(['presence']);
    await vi.advanceTimersByTimeAsync(500);
    expect(subscribed(a.sockets[0])).toEqual(
      new Set(['entity.updated:Deal', 'entity.updated:Deal:4', 'presence', 'perm.auth.change:1', 'sdf.authentication_revoke:u1']),
    );
    expect(b.client.state()).toBe('connected');
  });

  it('passes server messages to every tab, whose updaters apply them', async () => {
    const { a, b } = await twoTabs();
    a.sockets[0].receive({ event: 'entity.updated:Task', message: { contentType: 'Task', id: '3', action: 'updated', fields: ['name'] } });
    await vi.advanceTimersByTimeAsync(UPDATER_INTERVAL_MS);
    expect(a.refreshed).toEqual(['Task:3']);
    expect(b.refreshed).toEqual(['Task:3']);
    expect(b.reloaded).toContain('Task');
  });

  it('ignores entity events when the updater feature is off', async () => {
    const a = open({ updaterOff: true });
    await vi.advanceTimersByTimeAsync(TAB_PROBE_MS);
    a.sockets[0].connect();
    a.sockets[0].receive({ event: 'entity.updated:Task', message: { contentType: 'Task', id: '3', action: 'updated' } });
    await vi.advanceTimersByTimeAsync(UPDATER_INTERVAL_MS);
    expect(a.refreshed).toEqual([]);
  });

  it('sends the client messages of any tab through the main tab socket', async () => {
    const { a, b } = await twoTabs();
    b.client.send({ type: 'broadcast', route: 'user:1', message: { hi: 1 } });
    await vi.advanceTimersByTimeAsync(10);
    expect(a.sockets[0].ofType('broadcast')).toEqual([{ type: 'broadcast', route: 'user:1', message: { hi: 1 } }]);
  });

  it('hands the socket over when the main tab closes, with every tab routes', async () => {
    const { a, b } = await twoTabs();
    b.registry.hold(['entity.updated:Deal']);
    await vi.advanceTimersByTimeAsync(500);
    a.client.stop();
    tabs = tabs.filter((t) => t !== a);
    await vi.advanceTimersByTimeAsync(TAB_PROBE_MS);
    expect(b.client.isMain()).toBe(true);
    expect(b.sockets).toHaveLength(1);
    b.sockets[0].connect('1', '7');
    expect(subscribed(b.sockets[0])).toContain('entity.updated:Deal');
    expect(a.sockets[0].closedWith).toBeDefined();
  });

  it('refetches what every tab shows after a reconnect or a handover, not on the first connection', async () => {
    const { a, b } = await twoTabs();
    a.registry.hold(['entity.updated:Deal']);
    b.registry.hold(['entity.updated:Task', 'entity.updated:Task:4']);
    await vi.advanceTimersByTimeAsync(500);
    expect([a.reloaded, b.reloaded, b.refreshed]).toEqual([[], [], []]);
    a.sockets[0].serverClose(1001);
    await vi.advanceTimersByTimeAsync(1000);
    a.sockets[1].connect('1', '7');
    await vi.advanceTimersByTimeAsync(10);
    expect(a.reloaded).toEqual(['Deal']);
    expect(b.reloaded).toEqual(['Task']);
    expect(b.refreshed).toEqual(['Task:4']);
    a.client.stop();
    tabs = tabs.filter((t) => t !== a);
    await vi.advanceTimersByTimeAsync(TAB_PROBE_MS);
    b.sockets[0].connect('1', '7');
    await vi.advanceTimersByTimeAsync(10);
    expect(b.reloaded).toEqual(['Task', 'Task']);
  });

  it('drops the routes of a tab gone silent after their time to live', async () => {
    const { a, b } = await twoTabs();
    b.registry.hold(['entity.updated:Deal']);
    await vi.advanceTimersByTimeAsync(500);
    b.channel.cut = true; // the tab crashed without a word
    await vi.advanceTimersByTimeAsync(LOADED_HEARTBEAT_MS);
    expect(subscribed(a.sockets[0])).toContain('entity.updated:Deal');
    await vi.advanceTimersByTimeAsync(LOADED_HEARTBEAT_MS);
    expect(subscribed(a.sockets[0])).not.toContain('entity.updated:Deal');
  });

  it('reloads every tab, but not the sign-in page, when the counter fails after 3 minutes without a socket', async () => {
    const a = open({ counter: () => Promise.reject(new Error('offline')) });
    await vi.advanceTimersByTimeAsync(TAB_PROBE_MS);
    const b = open();
    const c = open({ onLogin: true });
    await vi.advanceTimersByTimeAsync(RECOVERY_MS - 1);
    expect(a.counter).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(a.counter).toHaveBeenCalledTimes(1);
    expect(b.counter).not.toHaveBeenCalled();
    expect(a.page.reload).toHaveBeenCalledTimes(1);
    expect(b.page.reload).toHaveBeenCalledTimes(1);
    expect(c.page.reload).not.toHaveBeenCalled();
  });

  it('sends every tab to "/" when an auth change ends this session, and ignores other sessions', async () => {
    const { a, b } = await twoTabs();
    a.sockets[0].receive({ event: 'perm.auth.change:1', message: { uid: '1', reason: 'session_ended', sessionIds: ['8'] } });
    await vi.advanceTimersByTimeAsync(10);
    expect(a.page.assign).not.toHaveBeenCalled();
    a.sockets[0].receive({ event: 'perm.auth.change:1', message: { uid: '1', reason: 'session_ended', sessionIds: ['7'] } });
    await vi.advanceTimersByTimeAsync(10);
    expect(a.page.assign).toHaveBeenCalledWith('/');
    expect(b.page.assign).toHaveBeenCalledWith('/');
  });

  it('reloads every tab when the authentication is revoked', async () => {
    const { a, b } = await twoTabs();
    a.sockets[0].receive({ event: 'sdf.authentication_revoke:u1', message: { uid: '1', reason: 'session_ended', sessionIds: ['7'] } });
    await vi.advanceTimersByTimeAsync(10);
    expect(a.page.reload).toHaveBeenCalledTimes(1);
    expect(b.page.reload).toHaveBeenCalledTimes(1);
  });

  it('asks the server whether its session lives when the socket does not know it', async () => {
    const dead = new HttpError(401, 'Unauthorized', null, '/api/v3/counter');
    const a = open({ counter: () => Promise.reject(dead) });
    await vi.advanceTimersByTimeAsync(TAB_PROBE_MS);
    a.sockets[0].connect('1', null);
    a.sockets[0].receive({ event: 'perm.auth.change:1', message: { uid: '1', reason: 'session_ended', sessionIds: ['3'] } });
    await vi.advanceTimersByTimeAsync(10);
    expect(a.counter).toHaveBeenCalled();
    expect(a.page.assign).toHaveBeenCalledWith('/');
  });

  it('refreshes the lists and cards shown when the rights change', async () => {
    const { a, b } = await twoTabs();
    b.registry.hold(['entity.created:Deal', 'entity.updated:Deal', 'entity.updated:Task:4']);
    a.sockets[0].receive({ event: 'perm.auth.change:1', message: { uid: '1', reason: 'rights_changed' } });
    await vi.advanceTimersByTimeAsync(10);
    expect(b.reloaded).toEqual(['Deal']);
    expect(b.refreshed).toEqual(['Task:4']);
    expect(b.page.assign).not.toHaveBeenCalled();
  });

  it('proves the session at once when the server closes the socket on policy grounds', async () => {
    const { a } = await twoTabs();
    a.sockets[0].serverClose(1008, 'session ended');
    await vi.advanceTimersByTimeAsync(10);
    expect(a.counter).toHaveBeenCalledTimes(1);
  });
});
