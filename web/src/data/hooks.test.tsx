// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook } from '@testing-library/react';
import { setBatching } from './api';
import { ingest, resetStore } from './entities';
import { FRESHNESS_MS, REFRESH_DEBOUNCE_MS } from './fetch';
import { useEntity, useLinked, useList } from './hooks';
import { FIRST_SIGHT_MS, LAZY_DEBOUNCE_MS, LINK_BATCH } from './links';
import { envelope, stubFetch } from './fetchStub';
import type { Link } from './types';

describe('hooks', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetStore();
  });
  afterEach(() => {
    setBatching(true);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('useEntity fetches once and re-renders only the readers of the entity that changed', async () => {
    const { requests } = stubFetch((req) => {
      const calls = (req.body as { calls: { url: string }[] }).calls;
      return { body: envelope(calls.map((c) => envelope({ contentType: 'Task', id: c.url.split('/').pop(), name: 'loaded' }))) };
    });
    const renders: Record<string, number> = {};
    function Name({ id }: { id: string }) {
      renders[id] = (renders[id] ?? 0) + 1;
      const { entity, state } = useEntity('Task', id);
      return <span data-testid={`t${id}`}>{`${state}:${String(entity?.name ?? '')}`}</span>;
    }
    const view = render(
      <>
        <Name id="1" />
        <Name id="2" />
      </>,
    );
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(requests).toHaveLength(1);
    expect(view.getByTestId('t1').textContent).toBe('completed:loaded');
    const before = { ...renders };
    act(() => ingest({ contentType: 'Task', id: '2', name: 'changed' }));
    expect(view.getByTestId('t2').textContent).toBe('completed:changed');
    expect(renders['1']).toBe(before['1']);
    expect(renders['2']).toBe(before['2'] + 1);
  });

  it('useEntity shows a stale entry at once and refreshes it through bulk after 500 ms', async () => {
    ingest({ contentType: 'Task', id: '7', name: 'cached' }, { full: true, at: Date.now() - FRESHNESS_MS - 1 });
    const { requests } = stubFetch(() => ({ body: envelope([envelope({ contentType: 'Task', id: '7', name: 'fresh' })]) }));
    const { result } = renderHook(() => useEntity('Task', '7'));
    expect(result.current.entity?.name).toBe('cached');
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_DEBOUNCE_MS - 1));
    expect(requests).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(requests[0].body).toEqual({ calls: [{ url: '/api/v3/task/7', method: 'GET' }] });
    expect(result.current.entity?.name).toBe('fresh');
  });

  it('useList loads the first page and gives its items', async () => {
    setBatching(false);
    stubFetch(() => ({
      body: envelope([{ contentType: 'Deal', id: '1', name: 'a' }], { pagination: { count: 1, hasMoreNext: false, hasMorePrev: false } }),
    }));
    const { result } = renderHook(() => useList({ contentType: 'Deal', endpoint: 'deal', filter: { hook: true } }));
    expect(result.current.state).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(result.current).toMatchObject({ state: 'completed', count: 1, hasMoreNext: false, items: [{ id: '1', name: 'a' }] });
    act(() => ingest({ contentType: 'Deal', id: '1', name: 'b' }));
    expect(result.current.items[0].name).toBe('b');
  });

  it('useLinked resolves unseen links in batches of 100 within 50 ms', async () => {
    const { requests } = stubFetch((req) => ({ body: envelope((req.body as Link[]).map((l) => ({ ...l, name: `emp ${l.id}` }))) }));
    function Names() {
      return (
        <>
          {[...Array(150).keys()].map((i) => (
            <LinkName key={i} link={{ contentType: 'Employee', id: String(i + 1) }} />
          ))}
        </>
      );
    }
    const view = render(<Names />);
    await act(() => vi.advanceTimersByTimeAsync(FIRST_SIGHT_MS - 1));
    expect(requests).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(requests.map((r) => r.path)).toEqual(['/api/v3/bulk/getEntitiesByLinks', '/api/v3/bulk/getEntitiesByLinks']);
    expect((requests[0].body as Link[]).length).toBe(LINK_BATCH);
    expect((requests[1].body as Link[]).length).toBe(50);
    expect(view.getByTestId('Employee:150').textContent).toBe('emp 150');
  });

  it('useLinked refreshes a stale known entry after the 10 s lazy debounce', async () => {
    ingest({ contentType: 'Employee', id: '500', name: 'old' }, { at: Date.now() - FRESHNESS_MS - 1 });
    const { requests } = stubFetch(() => ({ body: envelope([{ contentType: 'Employee', id: '500', name: 'new' }]) }));
    const view = render(<LinkName link={{ contentType: 'Employee', id: '500' }} />);
    expect(view.getByTestId('Employee:500').textContent).toBe('old');
    await act(() => vi.advanceTimersByTimeAsync(LAZY_DEBOUNCE_MS - 1));
    expect(requests).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(view.getByTestId('Employee:500').textContent).toBe('new');
  });
});

function LinkName({ link }: { link: Link }) {
  const e = useLinked(link);
  return <span data-testid={`${link.contentType}:${link.id}`}>{String(e?.name ?? '')}</span>;
}
