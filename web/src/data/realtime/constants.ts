// The realtime client's numbers (spec 000 §9, spec 001 §9), in one place
// so the tests and docs/architecture.md name the same values.

/** Socket reconnect: the first delay, doubled after each failure up to this factor. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_FACTOR = 60;
/** A socket not open by then is given up and retried. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** How often messages queued while connecting are retried. */
export const QUEUE_DELAY_MS = 1_000;

/** Main-tab election: the main tab's heartbeat, the silence after which another takes over. */
export const TAB_HEARTBEAT_MS = 3_000;
export const TAB_SILENCE_MS = 5_000;
/** Random extra wait before a takeover, so the tabs do not all claim at once. */
export const TAB_JITTER_MS = 1_000;
/** How long a claimant waits for the main tab to answer its probe. */
export const TAB_PROBE_MS = 500;

/** Not connected for this long in the main tab: prove the session with GET /api/v3/counter. */
export const RECOVERY_MS = 180_000;

/** Realtime list updater: default interval between batches, events per batch. */
export const UPDATER_INTERVAL_MS = 5_000;
export const UPDATER_BATCH = 100;
/** The account setting that overrides the interval (GET /api/v3/systemSetting/{scope}/{id}). */
export const UPDATER_SETTING = 'realtimeUpdater/interval';
/** The feature that switches the updater on. */
export const UPDATER_FEATURE = 'megaplan.api3.use_realtime_entities_updater_feature';

/** Loaded endpoints: every tab re-announces its routes this often; unannounced ones expire after the TTL. */
export const LOADED_HEARTBEAT_MS = 60_000;
export const LOADED_TTL_MS = 70_000;
/** Route changes of one tab are gathered this long before they travel. */
export const ROUTES_DEBOUNCE_MS = 100;

/** Presence: a status not known by then counts as loaded (offline). */
export const PRESENCE_TIMEOUT_MS = 3_000;
/** Presence statuses asked for together within this window. */
export const PRESENCE_GATHER_MS = 50;

/** The cross-tab channel's name. */
export const CHANNEL_NAME = 'artel.realtime';
