// The realtime client: ties the socket, the tab election, the registry of
// loaded routes, the updater, presence, recovery and auth notices together.
// The main tab holds the socket and passes every server message to the
// other tabs; the others announce their routes to it and soft-disconnect.
import { api } from '../api';
import { startTracking } from '../session';
import { Debounce } from '../timing';
import { HttpError } from '../transport';
import { authAction, authRoutes, isAuthRoute, type AuthAction } from './auth';
import { LOADED_HEARTBEAT_MS, ROUTES_DEBOUNCE_MS } from './constants';
import { followActivity, presence as pagePresence, PRESENCE_ROUTE, type Presence } from './presence';
import { Recovery } from './recovery';
import { registry as pageRegistry, type RouteRegistry } from './registry';
import { RealtimeSocket, type ConnectionState, type ServerMessage, type SocketFactory } from './socket';
import { Tabs, type ChannelLike, type TabMessage } from './tabs';
import { AutoTracker } from './tracking';
import { asEntityEvent, loadSettings, storeDeps, Updater, type UpdaterDeps, type UpdaterSettings } from './updater';

/** What the client may do to the page (tests watch these). */
export interface PageActions {
  reload(): void;
  assign(url: string): void;
  onLoginPage(): boolean;
}

export const browserPage: PageActions = {
  reload: () => window.location.reload(),
  assign: (url) => window.location.assign(url),
  onLoginPage: () => window.location.pathname.includes('/login'),
};

export interface ClientOptions {
  factory?: SocketFactory;
  channel?: ChannelLike;
  token?: () => string | undefined;
  page?: PageActions;
  registry?: RouteRegistry;
  presence?: Presence;
  updaterDeps?: UpdaterDeps;
  random?: () => number;
  /** GET /api/v3/counter; rejects when the session or the server fails. */
  counter?: () => Promise<unknown>;
  settings?: () => Promise<UpdaterSettings>;
  /** Session tracking of the data layer, fed with isMainTab (on unless false). */
  trackSession?: boolean;
}

const counter = () => api.get('counter', undefined, { batch: false });

export class RealtimeClient {
  readonly tabs: Tabs;
  readonly socket: RealtimeSocket;
  readonly updater: Updater;
  private readonly recovery: Recovery;
  private readonly tracker: AutoTracker;
  private readonly registry: RouteRegistry;
  private readonly presence: Presence;
  private readonly page: PageActions;
  private readonly counter: () => Promise<unknown>;
  private readonly deps: UpdaterDeps;
  private readonly routesSoon = new Debounce(ROUTES_DEBOUNCE_MS, () => this.pushRoutes());
  private readonly offs: (() => void)[] = [];
  private readonly stateListeners = new Set<(s: ConnectionState) => void>();
  private readonly eventListeners = new Set<(m: ServerMessage) => void>();
  private mainState: ConnectionState = 'socketDisconnected';
  private shown: ConnectionState | undefined;
  private updaterOn = true;
  private acted = false;
  /** Whether this tab has been connected, or heard of a main tab: a connection after either may have missed events. */
  private hadSocket = false;

  constructor(private readonly opts: ClientOptions = {}) {
    this.page = opts.page ?? browserPage;
    this.registry = opts.registry ?? pageRegistry;
    this.presence = opts.presence ?? pagePresence;
    this.counter = opts.counter ?? counter;
    this.socket = new RealtimeSocket({ factory: opts.factory, token: opts.token });
    this.tabs = new Tabs({ channel: opts.channel, random: opts.random, beat: () => ({ state: this.socket.state }) });
    this.deps = opts.updaterDeps ?? storeDeps;
    this.updater = new Updater(this.deps);
    this.tracker = new AutoTracker(this.registry);
    this.recovery = new Recovery({ counter: this.counter, reloadAll: () => this.act('reloadAll') });
  }

  isMain(): boolean {
    return this.tabs.isMain();
  }

  state(): ConnectionState {
    return this.isMain() ? this.socket.state : this.mainState;
  }

  start() {
    const { tabs, socket } = this;
    this.offs.push(
      tabs.onMainChange((main) => this.mainChanged(main)),
      tabs.onMessage((m) => this.tabMessage(m)),
      socket.onState(() => this.socketChanged()),
      socket.onMessage((m) => {
        tabs.post({ type: 'event', event: m.event, message: m.message });
        this.dispatch(m);
      }),
      // The server closes on policy grounds when the session ended or access was revoked.
      socket.onClose((code) => code === 1008 && this.isMain() && this.recovery.checkNow()),
      this.registry.onChange(() => this.routesSoon.schedule()),
      this.tracker.start(),
      followActivity(this.presence),
    );
    if (this.opts.trackSession !== false) this.offs.push(startTracking({ isMainTab: () => this.isMain() }));
    const beat = setInterval(() => this.loadedHeartbeat(), LOADED_HEARTBEAT_MS);
    this.offs.push(() => clearInterval(beat));
    const leave = () => {
      tabs.post({ type: 'bye' });
      tabs.leave();
    };
    const back = (e: PageTransitionEvent) => e.persisted && tabs.start();
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    this.offs.push(() => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
    });
    this.setLocation(window.location.pathname, window.location.search);
    this.updater.start();
    void (this.opts.settings ?? loadSettings)().then(
      (s) => {
        if (s.interval) this.updater.setInterval(s.interval);
        if (s.enabled === false) this.updaterOn = false;
      },
      () => {},
    );
    tabs.start();
    this.mark();
  }

  stop() {
    this.tabs.post({ type: 'bye' });
    this.offs.splice(0).forEach((off) => off());
    this.tabs.close();
    this.socket.stop();
    this.updater.stop();
    this.recovery.stop();
    this.routesSoon.cancel();
    delete document.documentElement.dataset.mainTab;
    delete document.documentElement.dataset.realtime;
  }

  setLocation(pathname: string, search: string) {
    this.tracker.setLocation(pathname, search);
  }

  onState(fn: (s: ConnectionState) => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  onEvent(fn: (m: ServerMessage) => void): () => void {
    this.eventListeners.add(fn);
    return () => this.eventListeners.delete(fn);
  }

  /** send puts a client message on the socket, through the main tab when this one is not. */
  send(msg: object) {
    if (this.isMain()) this.socket.send(msg);
    else this.tabs.post({ type: 'send', msg });
  }

  private mainChanged(main: boolean) {
    if (main) {
      this.socket.start();
      // The tabs' routes reach the new main tab at once, not at their next heartbeat.
      this.tabs.post({ type: 'announce' });
      this.pushRoutes();
    } else {
      this.socket.stop();
    }
    this.socketChanged();
  }

  private socketChanged() {
    const main = this.isMain();
    this.recovery.update(main && this.socket.state !== 'connected');
    if (main) {
      this.tabs.sendBeatNow();
      if (this.socket.state === 'connected') {
        this.pushRoutes();
        // Entity events are not re-sent: what they told while no socket listened is fetched again.
        if (this.hadSocket) this.act('refresh');
        this.hadSocket = true;
      }
    }
    this.mark();
  }

  private tabMessage(m: TabMessage) {
    switch (m.type) {
      case 'event':
        if (!this.isMain()) this.dispatch({ event: String(m.event), message: m.message });
        return;
      case 'routes':
        this.registry.announce(m.tab, Array.isArray(m.routes) ? m.routes.map(String) : []);
        return;
      case 'bye':
        this.registry.forget(m.tab);
        return;
      case 'announce':
        this.tabs.post({ type: 'routes', routes: this.registry.local() });
        return;
      case 'send':
        if (this.isMain() && m.msg && typeof m.msg === 'object') this.socket.send(m.msg);
        return;
      case 'heartbeat':
        this.hadSocket = true;
        this.mainState = m.state === 'connected' ? 'connected' : 'socketDisconnected';
        this.mark();
        return;
      case 'closing':
        this.mainState = 'socketDisconnected';
        this.mark();
        return;
      case 'act':
        this.perform(m.action as AuthAction | 'reloadAll');
        return;
    }
  }

  private dispatch(m: ServerMessage) {
    if (m.event.startsWith('entity.')) {
      const ev = asEntityEvent(m.message);
      if (ev && this.updaterOn) this.updater.push(ev);
    } else if (m.event === PRESENCE_ROUTE) {
      this.presence.apply(m.message);
    } else if (isAuthRoute(m.event) && this.isMain()) {
      void this.authNotice(m);
    }
    for (const fn of [...this.eventListeners]) fn(m);
  }

  private async authNotice(m: ServerMessage) {
    const alive = () =>
      this.counter().then(
        () => true,
        (err: unknown) => !(err instanceof HttpError && (err.status === 401 || err.status === 403)),
      );
    const action = await authAction(m.event, m.message, this.socket.info?.sessionId ?? null, alive);
    if (action) this.act(action);
  }

  /** act does something to every tab: this one, and the others through the channel. */
  private act(action: AuthAction | 'reloadAll') {
    this.tabs.post({ type: 'act', action });
    this.perform(action);
  }

  private perform(action: AuthAction | 'reloadAll') {
    if (action === 'refresh') {
      for (const r of this.registry.local()) {
        const [kind, type, id] = r.split(':');
        if (kind !== 'entity.updated') continue;
        if (id) this.deps.refresh(type, id);
        else this.deps.reloadLists(type);
      }
      return;
    }
    if (this.acted || !action) return;
    if (action === 'redirect') this.page.assign('/');
    else if (action === 'reload') this.page.reload();
    else if (action === 'reloadAll' && !this.page.onLoginPage()) this.page.reload();
    else return;
    this.acted = true;
  }

  private pushRoutes() {
    this.routesSoon.cancel();
    if (!this.isMain()) {
      this.tabs.post({ type: 'routes', routes: this.registry.local() });
      return;
    }
    // The auth routes name the user the server answered with, known from the first ecomet.ready on.
    this.socket.setRoutes([...this.registry.all(), ...authRoutes(this.socket.info?.uid ?? '')]);
  }

  private loadedHeartbeat() {
    this.tabs.post({ type: 'routes', routes: this.registry.local() });
    this.registry.prune();
  }

  private mark() {
    const root = document.documentElement.dataset;
    root.mainTab = this.isMain() ? '1' : '0';
    const state = this.state();
    root.realtime = state;
    if (state === this.shown) return;
    this.shown = state;
    for (const fn of [...this.stateListeners]) fn(state);
  }
}
