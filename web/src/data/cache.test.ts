// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_SAVE_DEBOUNCE_MS, clearCache, setCacheEnabled, setCacheVersion } from './cache';
import { getSlot, ingest, resetStore } from './entities';
import { isStale } from './fetch';
import { retryStorage } from './storage';

const STORED = 'artel.data.entityCache';

describe('local entity cache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    retryStorage();
    resetStore();
    setCacheEnabled(true);
  });
  afterEach(() => {
    clearCache();
    vi.useRealTimers();
  });

  it('writes fetched entities 500 ms after a change and preloads them as stale entries', async () => {
    setCacheVersion('1.0', 'Employee:1');
    ingest({ contentType: 'Task', id: '1', name: 'kept' }, { full: true });
    await vi.advanceTimersByTimeAsync(CACHE_SAVE_DEBOUNCE_MS - 1);
    expect(localStorage.getItem(STORED)).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(JSON.parse(localStorage.getItem(STORED)!)).toMatchObject({ version: '1.0', entries: [{ entity: { id: '1', name: 'kept' } }] });

    resetStore();
    vi.advanceTimersByTime(61_000);
    setCacheVersion('1.0', 'Employee:1');
    expect(getSlot('Task:1').entity?.name).toBe('kept');
    expect(getSlot('Task:1').full).toBe(true);
    expect(isStale('Task:1')).toBe(true);
  });

  it('is cleared when the app version or the user differs', async () => {
    setCacheVersion('1.0', 'Employee:1');
    ingest({ contentType: 'Task', id: '1' });
    await vi.advanceTimersByTimeAsync(CACHE_SAVE_DEBOUNCE_MS);
    resetStore();
    setCacheVersion('1.1', 'Employee:1');
    expect(localStorage.getItem(STORED)).toBeNull();
    expect(getSlot('Task:1').entity).toBeUndefined();
  });

  it('can be disabled', async () => {
    setCacheVersion('1.0');
    setCacheEnabled(false);
    ingest({ contentType: 'Task', id: '1' });
    await vi.advanceTimersByTimeAsync(CACHE_SAVE_DEBOUNCE_MS);
    expect(localStorage.getItem(STORED)).toBeNull();
  });
});
