// The tabs of one browser talk over a BroadcastChannel and elect one main
// tab (spec 001 §4.2): it holds the socket and sends a heartbeat every
// TAB_HEARTBEAT_MS. A tab that hears no heartbeat for TAB_SILENCE_MS plus a
// random jitter probes, and claims the role when no main tab answers within
// TAB_PROBE_MS (a main tab whose timers are throttled in the background
// still answers a probe at once, so it is not deposed needlessly). Two main
// tabs resolve to the older one. A main tab leaving says so, and another
// takes over within TAB_PROBE_MS.
import { CHANNEL_NAME, TAB_HEARTBEAT_MS, TAB_JITTER_MS, TAB_PROBE_MS, TAB_SILENCE_MS } from './constants';

export interface TabMessage {
  type: string;
  tab: string;
  [field: string]: unknown;
}

/** The part of BroadcastChannel the tabs use (tests give a fake). */
export interface ChannelLike {
  postMessage(msg: unknown): void;
  close(): void;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

/** Spec 001 §4.2: a browser without a tab channel cannot coordinate its tabs. */
export class TabChannelUnsupportedError extends Error {
  constructor() {
    super('BroadcastChannel is not supported: browser tabs cannot share the live socket');
    this.name = 'TabChannelUnsupportedError';
  }
}

export interface TabsOptions {
  channel?: ChannelLike;
  random?: () => number;
  /** Extra fields of every heartbeat (the socket's state). */
  beat?: () => Record<string, unknown>;
}

function openChannel(): ChannelLike {
  if (typeof BroadcastChannel === 'undefined') throw new TabChannelUnsupportedError();
  return new BroadcastChannel(CHANNEL_NAME) as unknown as ChannelLike;
}

export class Tabs {
  readonly id: string;
  /** When this tab joined: the older tab wins a conflict. */
  readonly born = Date.now();
  private main = false;
  private running = false;
  private readonly channel: ChannelLike;
  private readonly random: () => number;
  private readonly beat: () => Record<string, unknown>;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private watch: ReturnType<typeof setTimeout> | undefined;
  private claimTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<(m: TabMessage) => void>();
  private readonly mainListeners = new Set<(main: boolean) => void>();

  constructor(opts: TabsOptions = {}) {
    this.channel = opts.channel ?? openChannel();
    this.random = opts.random ?? Math.random;
    this.beat = opts.beat ?? (() => ({}));
    this.id = `${this.born.toString(36)}-${crypto.getRandomValues(new Uint32Array(2)).join('')}`;
    this.channel.onmessage = (ev) => this.receive(ev.data as TabMessage);
  }

  isMain(): boolean {
    return this.main;
  }

  /** start joins the election: the main tab is asked for, and the role claimed when none answers. */
  start() {
    if (this.running) return;
    this.running = true;
    this.probe();
  }

  /** leave gives the role up (the page is going away); start joins again. */
  leave() {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.watch);
    clearTimeout(this.claimTimer);
    if (this.main) {
      this.post({ type: 'closing' });
      this.setMain(false);
    }
  }

  close() {
    this.leave();
    this.channel.close();
  }

  post(msg: { type: string; [field: string]: unknown }) {
    this.channel.postMessage({ ...msg, tab: this.id });
  }

  onMessage(fn: (m: TabMessage) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  onMainChange(fn: (main: boolean) => void): () => void {
    this.mainListeners.add(fn);
    return () => this.mainListeners.delete(fn);
  }

  private receive(m: TabMessage) {
    if (!m || typeof m.type !== 'string' || m.tab === this.id) return;
    if (this.running) this.elect(m);
    for (const fn of [...this.listeners]) fn(m);
  }

  private elect(m: TabMessage) {
    switch (m.type) {
      case 'heartbeat':
        if (!this.main) {
          clearTimeout(this.claimTimer);
          this.arm();
        } else if (this.olderThanMe(m)) {
          this.setMain(false);
          this.arm();
        } else {
          this.sendBeat();
        }
        return;
      case 'probe':
        if (this.main) this.sendBeat();
        return;
      case 'closing':
        if (!this.main) {
          clearTimeout(this.watch);
          clearTimeout(this.claimTimer);
          this.claimTimer = setTimeout(() => this.claim(), this.random() * TAB_PROBE_MS);
        }
        return;
    }
  }

  private olderThanMe(m: TabMessage): boolean {
    const born = Number(m.born);
    return born < this.born || (born === this.born && m.tab < this.id);
  }

  /** arm waits for the next heartbeat; silence leads to a probe. */
  private arm() {
    clearTimeout(this.watch);
    this.watch = setTimeout(() => this.probe(), TAB_SILENCE_MS + this.random() * TAB_JITTER_MS);
  }

  private probe() {
    clearTimeout(this.claimTimer);
    this.post({ type: 'probe' });
    this.claimTimer = setTimeout(() => this.claim(), TAB_PROBE_MS);
  }

  private claim() {
    if (!this.running || this.main) return;
    clearTimeout(this.watch);
    this.setMain(true);
    this.sendBeat();
  }

  private sendBeat() {
    this.post({ ...this.beat(), type: 'heartbeat', born: this.born });
  }

  private setMain(main: boolean) {
    if (main === this.main) return;
    this.main = main;
    clearInterval(this.heartbeat);
    if (main) this.heartbeat = setInterval(() => this.sendBeat(), TAB_HEARTBEAT_MS);
    for (const fn of [...this.mainListeners]) fn(main);
  }

  /** sendBeatNow tells the other tabs at once what the heartbeat carries (the socket state changed). */
  sendBeatNow() {
    if (this.main) this.sendBeat();
  }
}
