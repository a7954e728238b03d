// The browser's local storage as the data layer uses it: JSON under the
// "artel.data." prefix. Spec 000 §8: any failure (quota, a disabled or
// corrupt storage) is warned about, our part of the storage is cleared and
// it is not used again in this page; callers keep working from memory.

const PREFIX = 'artel.data.';
let usable = true;

function fail(err: unknown) {
  if (!usable) return;
  usable = false;
  console.warn('artel: local storage failed; it is cleared and no longer used', err);
  try {
    const s = window.localStorage;
    const ours: string[] = [];
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k?.startsWith(PREFIX)) ours.push(k);
    }
    ours.forEach((k) => s.removeItem(k));
  } catch {
    // The storage cannot even be cleared: not using it is all that is left.
  }
}

function storage(): Storage | undefined {
  if (!usable) return undefined;
  try {
    return window.localStorage;
  } catch (err) {
    fail(err);
    return undefined;
  }
}

export function readJSON<T>(name: string): T | undefined {
  const s = storage();
  if (!s) return undefined;
  try {
    const raw = s.getItem(PREFIX + name);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch (err) {
    fail(err);
    return undefined;
  }
}

export function writeJSON(name: string, value: unknown): void {
  const s = storage();
  if (!s) return;
  try {
    s.setItem(PREFIX + name, JSON.stringify(value));
  } catch (err) {
    fail(err);
  }
}

export function removeItem(name: string): void {
  const s = storage();
  if (!s) return;
  try {
    s.removeItem(PREFIX + name);
  } catch (err) {
    fail(err);
  }
}

export function storageUsable(): boolean {
  return usable;
}

/** retryStorage lets a new page life (or a test) try the storage again. */
export function retryStorage() {
  usable = true;
}
