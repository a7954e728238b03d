// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../fetchStub';
import { TAB_PROBE_MS } from './constants';
import { getConnectionState, isMainTab, startRealtime } from './page';
import { FakeSocket, fakeFactory } from './testing/fakes';

describe('startRealtime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    stubFetch(() => ({ body: envelope([]) }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('says loudly that tabs cannot be coordinated without BroadcastChannel, and runs this tab alone', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stop = startRealtime({ factory: fakeFactory, trackSession: false, settings: async () => ({}) });
    expect(error).toHaveBeenCalledWith('artel realtime:', expect.stringContaining('BroadcastChannel is not supported'));
    expect(isMainTab()).toBe(false);
    await vi.advanceTimersByTimeAsync(TAB_PROBE_MS);
    expect(isMainTab()).toBe(true);
    expect(document.documentElement.dataset.mainTab).toBe('1');
    FakeSocket.last().connect();
    expect(getConnectionState()).toBe('connected');
    expect(document.documentElement.dataset.realtime).toBe('connected');
    stop();
    expect(isMainTab()).toBe(false);
    expect(getConnectionState()).toBe('socketDisconnected');
    expect(FakeSocket.last().closedWith).toBeDefined();
  });

  it('starts once: a second start is a no-op until the first stops', async () => {
    const stop = startRealtime({ factory: fakeFactory, trackSession: false, settings: async () => ({}) });
    const again = startRealtime({ factory: fakeFactory, trackSession: false, settings: async () => ({}) });
    await vi.advanceTimersByTimeAsync(TAB_PROBE_MS);
    expect(FakeSocket.all).toHaveLength(1);
    again();
    expect(isMainTab()).toBe(true);
    stop();
  });
});
