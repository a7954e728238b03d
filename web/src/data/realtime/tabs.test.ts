import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAB_HEARTBEAT_MS, TAB_JITTER_MS, TAB_PROBE_MS, TAB_SILENCE_MS } from './constants';
import { TabChannelUnsupportedError, Tabs } from './tabs';
import { FakeBrowser, type FakeChannel } from './testing/fakes';

describe('main-tab election', () => {
  let browser: FakeBrowser;
  let tabs: Tabs[];
  const half = () => 0.5;

  function open(): { tab: Tabs; channel: FakeChannel } {
    const channel = browser.channel();
    const tab = new Tabs({ channel, random: half });
    tabs.push(tab);
    tab.start();
    return { tab, channel };
  }

  const heartbeats = (c: FakeChannel) => c.posted.filter((m) => (m as { type: string }).type === 'heartbeat').length;

  beforeEach(() => {
    vi.useFakeTimers();
    browser = new FakeBrowser();
    tabs = [];
  });
  afterEach(() => {
    tabs.forEach((t) => t.close());
    vi.useRealTimers();
  });

  it('makes a lone tab main once its probe goes unanswered, and it beats every 3 s', async () => {
    const { tab, channel } = open();
    await vi.advanceTimersByTimeAsync(TAB_PROBE_MS - 1);
    expect(tab.isMain()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.isMain()).toBe(true);
    const before = heartbeats(channel);
    await vi.advanceTimersByTimeAsync(TAB_HEARTBEAT_MS * 3);
    expect(heartbeats(channel) - before).toBe(3);
  });

  it('keeps a second tab out while the main one beats', async () => {
    const a = open();
    await vi.advanceTimersByTimeAsync(1000);
    const b = open();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(a.tab.isMain()).toBe(true);
    expect(b.tab.isMain()).toBe(false);
  });

  it('has another tab take over after 5 s of silence plus jitter', async () => {
    const a = open();
    await vi.advanceTimersByTimeAsync(1000);
    const b = open();
    await vi.advanceTimersByTimeAsync(1000);
    // The main tab freezes: no heartbeat, no answer to probes.
    a.channel.cut = true;
    const silent = Date.now();
    while (!b.tab.isMain()) await vi.advanceTimersByTimeAsync(100);
    const took = Date.now() - silent;
    // Silence counts from the last heartbeat (at most 3 s before the freeze).
    expect(took).toBeGreaterThan(TAB_SILENCE_MS - TAB_HEARTBEAT_MS);
    expect(took).toBeLessThanOrEqual(TAB_SILENCE_MS + TAB_JITTER_MS + TAB_PROBE_MS);
  });

  it('resolves two main tabs to the older one', async () => {
    const a = open();
    await vi.advanceTimersByTimeAsync(10);
    const b = open();
    // Neither hears the other at first (a split), so both become main.
    a.channel.cut = true;
    await vi.advanceTimersByTimeAsync(TAB_PROBE_MS);
    expect(a.tab.isMain() && b.tab.isMain()).toBe(true);
    a.channel.cut = false;
    await vi.advanceTimersByTimeAsync(TAB_HEARTBEAT_MS);
    expect(a.tab.isMain()).toBe(true);
    expect(b.tab.isMain()).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect([a.tab.isMain(), b.tab.isMain()]).toEqual([true, false]);
  });

  it('hands over at once when the main tab says it is closing', async () => {
    const a = open();
    await vi.advanceTimersByTimeAsync(1000);
    const b = open();
    await vi.advanceTimersByTimeAsync(1000);
    const changes: boolean[] = [];
    a.tab.onMainChange((m) => changes.push(m));
    a.tab.leave();
    expect(a.channel.posted.at(-1)).toMatchObject({ type: 'closing' });
    expect(changes).toEqual([false]);
    await vi.advanceTimersByTimeAsync(TAB_PROBE_MS);
    expect(b.tab.isMain()).toBe(true);
  });

  it('passes other messages to listeners, never its own', async () => {
    const a = open();
    const b = open();
    const got: string[] = [];
    b.tab.onMessage((m) => m.type === 'hello' && got.push(m.tab));
    a.tab.onMessage((m) => m.type === 'hello' && got.push('self'));
    a.tab.post({ type: 'hello' });
    await vi.advanceTimersByTimeAsync(0);
    expect(got).toEqual([a.tab.id]);
  });

  it('refuses to run without BroadcastChannel', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    try {
      expect(() => new Tabs()).toThrow(TabChannelUnsupportedError);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
