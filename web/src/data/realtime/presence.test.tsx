// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBatching } from '../api';
import { ingest, resetStore } from '../entities';
import { envelope, stubFetch } from '../fetchStub';
import { PRESENCE_TIMEOUT_MS } from './constants';
import { Presence, presence as pagePresence, usePresence } from './presence';
import { RouteRegistry } from './registry';

describe('presence', () => {
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

  it('loads a status by link, asking for isOnline alone, and follows the presence route', async () => {
    const { requests } = stubFetch(() => ({ body: envelope([{ contentType: 'Employee', id: '4', isOnline: true }]) }));
    const p = new Presence(new RouteRegistry());
    const stop = p.read('4');
    expect(p.get('4')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(p.get('4')).toBe(true);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/v3/bulk/getEntitiesByLinks',
      query: { fields: ['isOnline'], onlyRequestedFields: true },
      body: [{ contentType: 'Employee', id: '4' }],
    });
    p.apply({ contentType: 'Employee', id: '4', isOnline: false, lastOnline: null });
    expect(p.get('4')).toBe(false);
    stop();
  });

  it('takes the status from the store when a list already brought it', () => {
    const { requests } = stubFetch(() => ({ body: envelope([]) }));
    ingest({ contentType: 'Employee', id: '5', isOnline: true });
    const p = new Presence(new RouteRegistry());
    p.read('5');
    expect(p.get('5')).toBe(true);
    expect(requests).toHaveLength(0);
  });

  it('counts a status as loaded (offline) after at most 3 s', async () => {
    stubFetch(() => new Promise(() => {}));
    const p = new Presence(new RouteRegistry());
    p.read('6');
    await vi.advanceTimersByTimeAsync(PRESENCE_TIMEOUT_MS - 1);
    expect(p.get('6')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(p.get('6')).toBe(false);
  });

  it('holds the presence route while read in an active app, drops it in the background, asks again on return', async () => {
    const { requests } = stubFetch(() => ({ body: envelope([{ contentType: 'Employee', id: '4', isOnline: true }]) }));
    const routes = new RouteRegistry();
    const p = new Presence(routes);
    expect(routes.local()).toEqual([]);
    const stop = p.read('4');
    expect(routes.local()).toEqual(['presence']);
    await vi.advanceTimersByTimeAsync(100);
    p.setActive(false);
    expect(routes.local()).toEqual([]);
    p.setActive(true);
    expect(routes.local()).toEqual(['presence']);
    await vi.advanceTimersByTimeAsync(100);
    expect(requests).toHaveLength(2);
    stop();
    expect(routes.local()).toEqual([]);
  });

  it('usePresence answers undefined, then the status', async () => {
    stubFetch(() => ({ body: envelope([{ contentType: 'Employee', id: '9', isOnline: true }]) }));
    function Dot() {
      const online = usePresence('9');
      return <span data-testid="dot">{online === undefined ? 'loading' : online ? 'online' : 'offline'}</span>;
    }
    const view = render(<Dot />);
    expect(view.getByTestId('dot').textContent).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(view.getByTestId('dot').textContent).toBe('online');
    act(() => pagePresence.apply({ contentType: 'Employee', id: '9', isOnline: false }));
    expect(view.getByTestId('dot').textContent).toBe('offline');
  });
});
