// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_FLUSH_MS, flushOnUnload, profile, profileOnce } from './profile';
import { resetSession, sessionId } from './session';
import { stubFetch } from './fetchStub';

describe('profiling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    resetSession();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends records to /profileBatch after 5 s of quiet', async () => {
    const { requests } = stubFetch(() => ({ status: 204 }));
    const sid = sessionId();
    profile('card.open');
    await vi.advanceTimersByTimeAsync(PROFILE_FLUSH_MS - 1);
    profile('card.ready');
    await vi.advanceTimersByTimeAsync(PROFILE_FLUSH_MS - 1);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/profileBatch' });
    const body = requests[0].body as { name: string; durationFromNavigation: number; sessionId: string }[];
    expect(body.map((r) => r.name)).toEqual(['card.open', 'card.ready']);
    expect(body.every((r) => typeof r.durationFromNavigation === 'number' && r.sessionId === sid)).toBe(true);
  });

  it('records a first-time moment once per page load', async () => {
    const { requests } = stubFetch(() => ({ status: 204 }));
    profileOnce('app.startup');
    profileOnce('app.startup');
    await vi.advanceTimersByTimeAsync(PROFILE_FLUSH_MS);
    const body = requests[0].body as { name: string }[];
    expect(body.map((r) => r.name)).toEqual(['app.startup']);
  });

  it('hands what is left to the browser on unload', async () => {
    const beacons: { url: string; data: Blob }[] = [];
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: (url: string, data: Blob) => beacons.push({ url, data }) > 0 });
    const { requests } = stubFetch(() => ({ status: 204 }));
    profile('list.shown');
    flushOnUnload();
    await vi.advanceTimersByTimeAsync(PROFILE_FLUSH_MS);
    expect(requests).toHaveLength(0);
    expect(beacons[0].url).toBe('/profileBatch');
    expect(beacons[0].data.type).toBe('application/json');
    expect(JSON.parse(await beacons[0].data.text())[0].name).toBe('list.shown');
  });
});
