// Drafts (spec 000 §3, §5): unsent text per entity key, with the time it
// was written, kept in local storage. Empty content is no draft: saving it
// clears the draft. Drafts whose key starts with "global:" (a new task
// form, say, tied to no entity) are one map mirrored to the user setting
// global_drafts, so they follow the user to another browser.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { api } from './api';
import { readJSON, removeItem, writeJSON } from './storage';
import { Debounce } from './timing';

export interface Draft {
  content: unknown;
  timestamp: number;
}

export const GLOBAL_PREFIX = 'global:';
export const GLOBAL_SETTING = 'global_drafts';
export const GLOBAL_SAVE_DEBOUNCE_MS = 500;
const GLOBAL_STORAGE = 'globalDrafts';

/** Read-through copy of storage, and the only copy once storage stops working. */
const memory = new Map<string, Draft | undefined>();
const listeners = new Map<string, Set<() => void>>();
let globals: Record<string, Draft> | undefined;
let globalsFetched = false;

/** isEmptyContent: nothing but blanks, empty lists and objects of such. */
export function isEmptyContent(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.every(isEmptyContent);
  if (typeof v === 'object') return Object.values(v).every(isEmptyContent);
  return false;
}

function isGlobal(key: string) {
  return key.startsWith(GLOBAL_PREFIX);
}

function globalMap(): Record<string, Draft> {
  globals ??= readJSON<Record<string, Draft>>(GLOBAL_STORAGE) ?? {};
  return globals;
}

export function readDraft(key: string): Draft | undefined {
  if (isGlobal(key)) return globalMap()[key.slice(GLOBAL_PREFIX.length)];
  if (!memory.has(key)) memory.set(key, readJSON<Draft>(`draft.${key}`));
  return memory.get(key);
}

function write(key: string, draft: Draft | undefined) {
  if (isGlobal(key)) {
    const next = { ...globalMap() };
    if (draft) next[key.slice(GLOBAL_PREFIX.length)] = draft;
    else delete next[key.slice(GLOBAL_PREFIX.length)];
    globals = next;
    writeJSON(GLOBAL_STORAGE, next);
    mirror.schedule();
  } else {
    memory.set(key, draft);
    if (draft) writeJSON(`draft.${key}`, draft);
    else removeItem(`draft.${key}`);
  }
  for (const fn of [...(listeners.get(key) ?? [])]) fn();
}

export function saveDraft(key: string, content: unknown, now = Date.now()) {
  write(key, isEmptyContent(content) ? undefined : { content, timestamp: now });
}

export function clearDraft(key: string) {
  if (readDraft(key) !== undefined) write(key, undefined);
}

const mirror = new Debounce(GLOBAL_SAVE_DEBOUNCE_MS, () => {
  api.post('userSetting', { id: GLOBAL_SETTING, value: globalMap() }).catch((err: unknown) => {
    console.warn('artel: global drafts not saved on the server', err);
  });
});

/** loadGlobalDrafts merges the server's global drafts: per draft, the newer one wins. */
export async function loadGlobalDrafts(): Promise<void> {
  globalsFetched = true;
  const env = await api.get<{ value?: Record<string, Draft> | null }>(`userSetting/${GLOBAL_SETTING}`);
  const remote = env.data?.value ?? {};
  const local = globalMap();
  const changed = Object.keys(remote).filter((name) => (remote[name]?.timestamp ?? 0) > (local[name]?.timestamp ?? 0));
  if (changed.length === 0) return;
  globals = { ...local, ...Object.fromEntries(changed.map((n) => [n, remote[n]])) };
  writeJSON(GLOBAL_STORAGE, globals);
  for (const name of changed) for (const fn of [...(listeners.get(GLOBAL_PREFIX + name) ?? [])]) fn();
}

function subscribe(key: string, fn: () => void) {
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(fn);
  return () => set.delete(fn);
}

export function useDraft(key: string): {
  draft: Draft | undefined;
  save(content: unknown): void;
  clear(): void;
} {
  const draft = useSyncExternalStore(
    useCallback((fn: () => void) => subscribe(key, fn), [key]),
    () => readDraft(key),
  );
  useEffect(() => {
    if (isGlobal(key) && !globalsFetched) {
      loadGlobalDrafts().catch((err: unknown) => console.warn('artel: global drafts not loaded', err));
    }
  }, [key]);
  const save = useCallback((content: unknown) => saveDraft(key, content), [key]);
  const clear = useCallback(() => clearDraft(key), [key]);
  return { draft, save, clear };
}

/** forgetDrafts empties the in-memory copies (tests, signing out). */
export function forgetDrafts() {
  memory.clear();
  globals = undefined;
  globalsFetched = false;
  mirror.cancel();
}
