// The realtime list updater (spec 001 §4.6, §9): entity events wait in a
// queue and are applied every UPDATER_INTERVAL_MS (an account setting), at
// most UPDATER_BATCH per round, so a burst of edits costs one refetch
// rather than one per event. A round refetches the changed entities the
// store holds (the data layer gathers them into one bulk request), reloads
// the lists of the types touched, and takes dropped entities out of the
// store and so out of every list.
import { api } from '../api';
import { getSlot, removeEntity, setFailed } from '../entities';
import { scheduleRefresh } from '../fetch';
import { MissingEntityError } from '../links';
import { reloadLists } from '../lists';
import { keyOf } from '../types';
import { UPDATER_BATCH, UPDATER_FEATURE, UPDATER_INTERVAL_MS, UPDATER_SETTING } from './constants';

export type EntityAction = 'created' | 'updated' | 'dropped';

/** What an entity route carries: the entity and the fields written, never their values. */
export interface EntityEvent {
  contentType: string;
  id: string;
  action: EntityAction;
  fields?: string[];
}

/** The data layer calls a round makes (tests give fakes). */
export interface UpdaterDeps {
  refresh(contentType: string, id: string, fields?: string[]): void;
  reloadLists(contentType: string): void;
  drop(key: string): void;
}

/** storeDeps: refetch what the store holds, as much of it as it held; dropped ones read as missing. */
export const storeDeps: UpdaterDeps = {
  refresh(contentType, id) {
    const slot = getSlot(keyOf({ contentType, id }));
    if (!slot.server) return;
    // A list row holds only its columns: ask for those, not the whole entity.
    const fields = slot.full ? undefined : Object.keys(slot.server).filter((f) => f !== 'contentType' && f !== 'id');
    scheduleRefresh(contentType, id, fields);
  },
  reloadLists(contentType) {
    reloadLists(contentType);
    // Filter panels count the type's entities per filter (TaskFilter for Task).
    reloadLists(`${contentType}Filter`);
  },
  drop(key) {
    if (!getSlot(key).server) return;
    removeEntity(key);
    // An open card says the entity is gone rather than waiting for it forever.
    setFailed(key, new MissingEntityError(key));
  },
};

/** asEntityEvent reads an entity route's message; anything else is undefined. */
export function asEntityEvent(message: unknown): EntityEvent | undefined {
  const m = message as Partial<EntityEvent> | null;
  if (!m || typeof m.contentType !== 'string' || m.id === undefined || m.id === null) return undefined;
  if (m.action !== 'created' && m.action !== 'updated' && m.action !== 'dropped') return undefined;
  return { contentType: m.contentType, id: String(m.id), action: m.action, fields: Array.isArray(m.fields) ? m.fields : undefined };
}

export interface UpdaterSettings {
  interval?: number;
  enabled?: boolean;
}

/** loadSettings reads the updater's interval (an account setting) and its feature switch. */
export async function loadSettings(): Promise<UpdaterSettings> {
  const [setting, features] = await Promise.allSettled([
    api.get<{ value?: unknown }[]>(`systemSetting/${UPDATER_SETTING}`),
    api.get<{ name: string; isAvailable?: boolean; isEnabledForUser?: boolean }[]>('feature'),
  ]);
  const out: UpdaterSettings = {};
  const value = setting.status === 'fulfilled' && Array.isArray(setting.value.data) ? Number(setting.value.data[0]?.value) : NaN;
  if (Number.isFinite(value) && value >= 1000) out.interval = value;
  const f = features.status === 'fulfilled' && Array.isArray(features.value.data) ? features.value.data.find((x) => x.name === UPDATER_FEATURE) : undefined;
  if (f) out.enabled = f.isAvailable !== false && f.isEnabledForUser !== false;
  return out;
}

export class Updater {
  private queue: EntityEvent[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private interval = UPDATER_INTERVAL_MS;

  constructor(private readonly deps: UpdaterDeps = storeDeps) {}

  start() {
    if (this.timer === undefined) this.timer = setInterval(() => this.round(), this.interval);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** setInterval changes the time between rounds (the account setting arrived). */
  setInterval(ms: number) {
    this.interval = ms;
    if (this.timer === undefined) return;
    this.stop();
    this.start();
  }

  get pending(): number {
    return this.queue.length;
  }

  push(ev: EntityEvent) {
    this.queue.push(ev);
  }

  /** round applies the oldest UPDATER_BATCH events. */
  round() {
    if (this.queue.length === 0) return;
    const batch = this.queue.splice(0, UPDATER_BATCH);
    // One entity's events in a batch come down to its last state: dropped wins.
    const last = new Map<string, EntityEvent>();
    const types = new Set<string>();
    for (const ev of batch) {
      const key = keyOf(ev);
      if (last.get(key)?.action !== 'dropped') last.set(key, ev);
      types.add(ev.contentType);
    }
    for (const [key, ev] of last) {
      if (ev.action === 'dropped') this.deps.drop(key);
      else if (ev.action === 'updated') this.deps.refresh(ev.contentType, ev.id, ev.fields);
    }
    types.forEach((t) => this.deps.reloadLists(t));
  }
}
