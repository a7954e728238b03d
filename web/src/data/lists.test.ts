// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBatching } from './api';
import { getSlot, resetStore } from './entities';
import { LIST_DISPOSE_MS, ListLoadingError, cachedList, getList, reloadLists, type ListSpec } from './lists';
import { envelope, settle, stubFetch, type StubRequest } from './fetchStub';

let specs = 0;
/** Each test its own spec, so lists kept by another test do not interfere. */
const newSpec = (extra: Partial<ListSpec> = {}): ListSpec => ({ contentType: 'Task', endpoint: 'task', filter: { n: ++specs }, ...extra });

/** A server list of tasks 60..1 (newest first) whose first page starts at `start`. */
function taskList(start = 0) {
  const ids = [...Array(60).keys()].map((i) => String(60 - i));
  return (req: StubRequest) => {
    const q = req.query as { limit: number; pageAfter?: { id: string }; pageBefore?: { id: string } };
    let from = start;
    let to: number;
    if (q.pageAfter) from = ids.indexOf(q.pageAfter.id) + 1;
    if (q.pageBefore) {
      to = ids.indexOf(q.pageBefore.id);
      from = Math.max(0, to - q.limit);
    } else to = Math.min(ids.length, from + q.limit);
    const page = ids.slice(from, to).map((id) => ({ contentType: 'Task', id, name: `task ${id}` }));
    return { body: envelope(page, { pagination: { count: 60, hasMoreNext: to < ids.length, hasMorePrev: from > 0 } }) };
  };
}

describe('lists', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetStore();
    setBatching(false);
  });
  afterEach(() => {
    setBatching(true);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits 100 ms before fetching the first page, and a reload within it makes no second fetch', async () => {
    const { requests } = stubFetch(taskList());
    const list = getList(newSpec({ sortBy: [{ fieldName: 'name', desc: true }], fields: ['name'] }));
    void list.load('first');
    expect(list.getSnapshot().state).toBe('pending');
    await vi.advanceTimersByTimeAsync(50);
    void list.reload();
    await vi.advanceTimersByTimeAsync(99);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(1);
    expect(requests[0].query).toEqual({
      limit: 25,
      filter: { n: specs },
      sortBy: [{ contentType: 'SortField', fieldName: 'name', desc: true }],
      fields: ['name'],
      onlyRequestedFields: true,
    });
  });

  it('keeps a search count the server capped, and drops the mark when a later answer counts exactly', async () => {
    let capped = true;
    stubFetch(() => ({ body: envelope([{ contentType: 'Task', id: '1', name: 'a' }], { pagination: { count: 1000, hasMoreNext: true, countCapped: capped || undefined } }) }));
    const list = getList(newSpec({ q: 'отчёт' } as Partial<ListSpec>));
    void list.load('first');
    await vi.advanceTimersByTimeAsync(100);
    expect(list.getSnapshot()).toMatchObject({ count: 1000, countCapped: true });
    capped = false;
    list.reload();
    await vi.advanceTimersByTimeAsync(100);
    expect(list.getSnapshot()).toMatchObject({ count: 1000, countCapped: false });
  });

  it('pages forward and back by the links of the last and first items', async () => {
    const { requests } = stubFetch(taskList(25));
    const list = getList(newSpec());
    void list.load('first');
    await vi.advanceTimersByTimeAsync(100);
    let s = list.getSnapshot();
    expect(s).toMatchObject({ state: 'completed', hasMoreNext: true, hasMorePrev: true, count: 60 });
    expect(s.keys[0]).toBe('Task:35');
    expect(getSlot('Task:35').entity?.name).toBe('task 35');

    const next = list.load('next');
    expect(list.getSnapshot().nextState).toBe('pending');
    await next;
    s = list.getSnapshot();
    expect(requests[1].query).toMatchObject({ pageAfter: { contentType: 'Task', id: '11' } });
    expect(s).toMatchObject({ nextState: 'completed', hasMoreNext: false, hasMorePrev: true });
    expect(s.keys).toHaveLength(35);

    await list.load('prev');
    s = list.getSnapshot();
    expect(requests[2].query).toMatchObject({ pageBefore: { contentType: 'Task', id: '35' } });
    expect(s).toMatchObject({ prevState: 'completed', hasMorePrev: false });
    expect(s.keys).toHaveLength(60);
    expect(s.keys[0]).toBe('Task:60');

    await list.load('next');
    expect(requests).toHaveLength(3);
  });

  it('refuses a page already loading', async () => {
    stubFetch(taskList());
    const list = getList(newSpec());
    void list.load('first');
    await expect(list.load('first')).rejects.toBeInstanceOf(ListLoadingError);
    await vi.advanceTimersByTimeAsync(100);
    const next = list.load('next');
    await expect(list.load('next')).rejects.toBeInstanceOf(ListLoadingError);
    await next;
  });

  it('keeps the error of a failed page', async () => {
    stubFetch(() => ({ status: 500, body: envelope(null, {}, 500) }));
    const list = getList(newSpec());
    const loading = list.load('first');
    await vi.advanceTimersByTimeAsync(100);
    await loading;
    expect(list.getSnapshot().state).toBe('error');
    expect(list.getSnapshot().error).toBeDefined();
  });

  it('is forgotten 300000 ms after its last reader leaves, unless one comes back', async () => {
    stubFetch(taskList());
    const spec = newSpec();
    const list = getList(spec);
    const leave = list.subscribe(() => {});
    leave();
    await vi.advanceTimersByTimeAsync(LIST_DISPOSE_MS - 1);
    list.subscribe(() => {})();
    await vi.advanceTimersByTimeAsync(LIST_DISPOSE_MS - 1);
    expect(cachedList(spec)).toBe(list);
    await vi.advanceTimersByTimeAsync(1);
    expect(cachedList(spec)).toBeUndefined();
    expect(getList(spec)).not.toBe(list);
  });

  it('reloads a list kept unread when its type changed meanwhile, once read again', async () => {
    let fetches = 0;
    const serve = taskList();
    stubFetch((req) => {
      fetches++;
      return serve(req);
    });
    const spec = newSpec({ contentType: 'StaleTask' });
    const list = getList(spec);
    const leave = list.subscribe(() => {});
    list.ensure();
    await vi.advanceTimersByTimeAsync(200);
    expect(fetches).toBe(1);
    leave();
    reloadLists('StaleTask');
    await vi.advanceTimersByTimeAsync(200);
    expect(fetches).toBe(1); // nobody reads it: nothing asked now
    list.subscribe(() => {});
    list.ensure();
    await vi.advanceTimersByTimeAsync(200);
    expect(fetches).toBe(2);
    list.ensure();
    await vi.advanceTimersByTimeAsync(200);
    expect(fetches).toBe(2); // read again without a change: kept
  });

  it('shows a new item at once, moves it to its real id when saved, drops it when refused', async () => {
    let refuse = false;
    const list = getList(newSpec());
    stubFetch(async (req) => {
      if (req.method === 'POST') {
        return refuse
          ? { status: 422, body: envelope(null, { errors: [{ field: 'name', message: 'no', type: 'invalid' }] }, 422) }
          : { body: envelope({ contentType: 'Task', id: '100', name: 'new' }) };
      }
      return taskList()(req);
    });
    void list.load('first');
    await vi.advanceTimersByTimeAsync(100);
    const saving = list.add({ name: 'new' });
    expect(list.getSnapshot().keys[0]).toMatch(/^Task:tmp-/);
    expect(list.getSnapshot().count).toBe(61);
    await saving;
    expect(list.getSnapshot().keys[0]).toBe('Task:100');

    refuse = true;
    const failing = list.add({ name: 'bad' });
    expect(list.getSnapshot().keys).toHaveLength(27);
    await failing.catch(() => {});
    await settle();
    expect(list.getSnapshot().keys).toHaveLength(26);
    expect(list.getSnapshot().keys[0]).toBe('Task:100');
    expect(list.getSnapshot().count).toBe(61);
  });

  it('skips the first page when its reader leaves before the fetch', async () => {
    const { requests } = stubFetch(taskList());
    const list = getList(newSpec());
    const leave = list.subscribe(() => {});
    list.ensure();
    leave();
    await vi.advanceTimersByTimeAsync(200);
    expect(requests).toHaveLength(0);
    expect(list.getSnapshot().state).toBe('none');
  });
});
