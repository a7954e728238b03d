// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBatching } from '../api';
import { getSlot, ingest, resetStore } from '../entities';
import { envelope, settle, stubFetch } from '../fetchStub';
import { getList } from '../lists';
import { UPDATER_BATCH, UPDATER_FEATURE, UPDATER_INTERVAL_MS } from './constants';
import { asEntityEvent, loadSettings, storeDeps, Updater, type EntityEvent, type UpdaterDeps } from './updater';

function fakeDeps() {
  const calls = { refresh: [] as string[], reload: [] as string[], drop: [] as string[] };
  const deps: UpdaterDeps = {
    refresh: (t, id) => calls.refresh.push(`${t}:${id}`),
    reloadLists: (t) => calls.reload.push(t),
    drop: (key) => calls.drop.push(key),
  };
  return { calls, deps };
}

const ev = (id: number, action: EntityEvent['action'] = 'updated', contentType = 'Task'): EntityEvent => ({ contentType, id: String(id), action });

describe('realtime list updater', () => {
  let updater: Updater;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    updater?.stop();
    vi.useRealTimers();
  });

  it('applies queued events every 5000 ms, not before', async () => {
    const { calls, deps } = fakeDeps();
    updater = new Updater(deps);
    updater.start();
    updater.push(ev(1));
    updater.push(ev(2, 'created', 'Deal'));
    updater.push(ev(3, 'dropped'));
    await vi.advanceTimersByTimeAsync(UPDATER_INTERVAL_MS - 1);
    expect(calls.refresh).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual({ refresh: ['Task:1'], reload: ['Task', 'Deal'], drop: ['Task:3'] });
  });

  it('takes at most 100 events per round, oldest first', async () => {
    const { calls, deps } = fakeDeps();
    updater = new Updater(deps);
    updater.start();
    for (let i = 1; i <= 250; i++) updater.push(ev(i));
    const sizes: number[] = [];
    for (let r = 0; r < 3; r++) {
      const before = calls.refresh.length;
      await vi.advanceTimersByTimeAsync(UPDATER_INTERVAL_MS);
      sizes.push(calls.refresh.length - before);
    }
    expect(sizes).toEqual([UPDATER_BATCH, UPDATER_BATCH, 50]);
    expect(calls.refresh[0]).toBe('Task:1');
    expect(calls.refresh.at(-1)).toBe('Task:250');
    // Each round reloads the lists of its types once.
    expect(calls.reload).toEqual(['Task', 'Task', 'Task']);
  });

  it('reduces an entity to its last state in a round: dropped wins', async () => {
    const { calls, deps } = fakeDeps();
    updater = new Updater(deps);
    updater.start();
    updater.push(ev(1));
    updater.push(ev(1, 'dropped'));
    updater.push(ev(1));
    updater.push(ev(2));
    updater.push(ev(2));
    await vi.advanceTimersByTimeAsync(UPDATER_INTERVAL_MS);
    expect(calls.drop).toEqual(['Task:1']);
    expect(calls.refresh).toEqual(['Task:2']);
  });

  it('follows the interval the account sets', async () => {
    const { calls, deps } = fakeDeps();
    updater = new Updater(deps);
    updater.start();
    updater.setInterval(2000);
    updater.push(ev(1));
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.refresh).toEqual(['Task:1']);
  });

  it('reads entity events and ignores anything else', () => {
    expect(asEntityEvent({ contentType: 'Task', id: 5, action: 'updated', fields: ['name'] })).toEqual({
      contentType: 'Task',
      id: '5',
      action: 'updated',
      fields: ['name'],
    });
    expect(asEntityEvent({ contentType: 'Task', id: '5', action: 'moved' })).toBeUndefined();
    expect(asEntityEvent(null)).toBeUndefined();
  });
});

describe('realtime updater on the real store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetStore();
    setBatching(false);
  });
  afterEach(() => {
    setBatching(true);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('refetches changed entities in one bulk, reloads lists and takes dropped ones out of them', async () => {
    let names = { '1': 'one', '2': 'two' } as Record<string, string>;
    const { requests } = stubFetch((req) => {
      if (req.path === '/api/v3/task') {
        const data = Object.entries(names).map(([id, name]) => ({ contentType: 'Task', id, name }));
        return { body: envelope(data, { pagination: { count: data.length, hasMoreNext: false, hasMorePrev: false } }) };
      }
      if (req.path === '/api/v3/bulk') {
        const calls = (req.body as { calls: { url: string }[] }).calls;
        return { body: envelope(calls.map(() => envelope({ contentType: 'Task', id: '1', name: 'renamed' }))) };
      }
      return { status: 404, body: envelope(null, {}, 404) };
    });
    const list = getList({ contentType: 'Task', endpoint: 'task', fields: ['name'] });
    const off = list.subscribe(() => {});
    list.ensure();
    await vi.advanceTimersByTimeAsync(200);
    expect(list.getSnapshot().keys).toEqual(['Task:1', 'Task:2']);
    ingest({ contentType: 'Deal', id: '9', name: 'open card' }, { full: true });

    names = { '1': 'renamed' };
    const updater = new Updater(storeDeps);
    updater.start();
    updater.push(ev(1));
    updater.push(ev(2, 'dropped'));
    updater.push(ev(7)); // not in the store: nothing to refetch
    await vi.advanceTimersByTimeAsync(UPDATER_INTERVAL_MS);
    expect(list.getSnapshot().keys).toEqual(['Task:1']);
    expect(getSlot('Task:2').state).toBe('error');
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    const bulk = requests.filter((r) => r.path === '/api/v3/bulk');
    expect(bulk).toHaveLength(1);
    expect((bulk[0].body as { calls: { url: string }[] }).calls.map((c) => decodeURIComponent(c.url))).toEqual([
      '/api/v3/task/1?{"fields":["name"],"onlyRequestedFields":true}',
    ]);
    expect(getSlot('Task:1').entity?.name).toBe('renamed');
    expect(requests.filter((r) => r.path === '/api/v3/task')).toHaveLength(2);
    updater.stop();
    off();
  });
});

describe('updater settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the interval from the account setting and the switch from the feature', async () => {
    const { requests } = stubFetch((req) => {
      const calls = (req.body as { calls: { url: string }[] }).calls;
      return {
        body: envelope(
          calls.map((c) =>
            c.url.includes('systemSetting')
              ? envelope([{ contentType: 'SystemSetting', scope: 'realtimeUpdater', id: 'interval', value: 2000 }])
              : envelope([{ contentType: 'Feature', name: UPDATER_FEATURE, isAvailable: true, isEnabledForUser: false }]),
          ),
        ),
      };
    });
    expect(await loadSettings()).toEqual({ interval: 2000, enabled: false });
    expect((requests[0].body as { calls: { url: string }[] }).calls.map((c) => c.url)).toEqual([
      '/api/v3/systemSetting/realtimeUpdater/interval',
      '/api/v3/feature',
    ]);
  });

  it('keeps the defaults when the account sets nothing', async () => {
    stubFetch((req) => ({ body: envelope((req.body as { calls: unknown[] }).calls.map(() => envelope([]))) }));
    expect(await loadSettings()).toEqual({});
  });
});
