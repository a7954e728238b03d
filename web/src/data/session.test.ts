// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_TIMEOUT_MS,
  SESSION_CHECK_MS,
  SESSION_EXPIRY_MS,
  getActivity,
  onActivity,
  onSessionEvent,
  resetSession,
  sessionId,
  startTracking,
  type SessionEvent,
} from './session';

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('session and activity', () => {
  let stop = () => {};
  let events: SessionEvent[];
  let off = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    resetSession();
    events = [];
    off = onSessionEvent((e) => events.push(e));
  });
  afterEach(() => {
    stop();
    off();
    setVisibility('visible');
    vi.useRealTimers();
  });

  it('starts a session on first use and keeps it while the mouse moves', async () => {
    stop = startTracking();
    const id = sessionId();
    expect(events).toEqual([{ type: 'start', id }]);
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(SESSION_EXPIRY_MS / 2);
      window.dispatchEvent(new MouseEvent('mousemove'));
    }
    expect(sessionId()).toBe(id);
    expect(events).toHaveLength(1);
  });

  it('has the main tab end a session after 30 minutes without movement', async () => {
    stop = startTracking();
    const id = sessionId();
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRY_MS);
    expect(events.map((e) => e.type)).toEqual(['start']);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS);
    expect(events).toEqual([
      { type: 'start', id },
      { type: 'expired', id },
      { type: 'end', id },
    ]);
    window.dispatchEvent(new MouseEvent('mousemove'));
    expect(events[3].type).toBe('start');
    expect(events[3].id).not.toBe(id);
  });

  it('leaves the expiry check to the main tab', async () => {
    stop = startTracking({ isMainTab: () => false });
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRY_MS + SESSION_CHECK_MS * 2);
    expect(events.map((e) => e.type)).toEqual(['start']);
  });

  it('goes to the background after 60 s without movement or when hidden, and back on movement or visibility', async () => {
    stop = startTracking();
    const seen: string[] = [];
    const unsub = onActivity((a) => seen.push(a));
    await vi.advanceTimersByTimeAsync(ACTIVITY_TIMEOUT_MS / 2);
    window.dispatchEvent(new MouseEvent('mousemove'));
    await vi.advanceTimersByTimeAsync(ACTIVITY_TIMEOUT_MS - 1);
    expect(getActivity()).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(getActivity()).toBe('background');
    window.dispatchEvent(new MouseEvent('mousemove'));
    expect(getActivity()).toBe('active');
    setVisibility('hidden');
    expect(getActivity()).toBe('background');
    setVisibility('visible');
    expect(getActivity()).toBe('active');
    window.dispatchEvent(new Event('pagehide'));
    expect(seen).toEqual(['background', 'active', 'background', 'active', 'background']);
    unsub();
  });
});
