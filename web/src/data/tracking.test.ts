// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sent: { body: { events: { type: string; key: string; value?: string; uid?: string }[] }; keepalive?: boolean }[] = [];
vi.mock('./transport', () => ({
  send: (config: { body: { events: { type: string; key: string }[] }; keepalive?: boolean }) => {
    sent.push(config);
    return Promise.resolve({ data: { accepted: config.body.events.length }, meta: { status: 200, errors: [] } });
  },
}));

const { FLUSH_QUIET_MS, MAX_BATCH, flush, installTracking, pending, setTrackingUser, track } = await import('./tracking');
const { endSession, sessionId } = await import('./session');

describe('client event tracking', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sent.length = 0;
  });
  afterEach(async () => {
    await flush();
    vi.useRealTimers();
  });

  it('sends the queue 5 s after the last event, not before', async () => {
    setTrackingUser('7', '1');
    track('page', 'open', '/tasks');
    await vi.advanceTimersByTimeAsync(FLUSH_QUIET_MS - 1000);
    track('page', 'open', '/deals');
    await vi.advanceTimersByTimeAsync(FLUSH_QUIET_MS - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0].body.events.map((e) => e.value)).toEqual(['/tasks', '/deals']);
    expect(sent[0].body.events[0].uid).toBe('7');
    expect(pending()).toBe(0);
  });

  it('sends at most 500 events a call', async () => {
    for (let i = 0; i < MAX_BATCH + 20; i++) track('page', 'open', String(i));
    await vi.advanceTimersByTimeAsync(FLUSH_QUIET_MS);
    expect(sent.map((s) => s.body.events.length)).toEqual([MAX_BATCH, 20]);
  });

  it('tracks the session\'s start and end, and sends at once, outliving the page, when it is hidden', async () => {
    const off = installTracking();
    endSession();
    sessionId();
    endSession();
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    off();
    expect(sent).toHaveLength(1);
    expect(sent[0].keepalive).toBe(true);
    expect(sent[0].body.events.map((e) => `${e.type}:${e.key}`)).toEqual(['session:start', 'session:end']);
  });
});
