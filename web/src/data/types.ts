// The shapes every part of the data layer shares: links, entities, load
// states, temporary ids of entities the server has not seen yet.

export type LoadState = 'none' | 'pending' | 'completed' | 'error';

export interface Link {
  contentType: string;
  id: string;
}

export interface Entity extends Link {
  [field: string]: unknown;
}

/** Ids of new, unsaved entities start with this; real ids are numeric. */
export const TEMP_PREFIX = 'tmp-';

/** Spec 000 §5: any write through an unsaved entity is refused with this. */
export const UNSAVED_MESSAGE = 'cannot add to an unsaved entity';

/** A programming error of the caller, never shown as a server message. */
export class InternalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InternalError';
  }
}

export function isTempId(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith(TEMP_PREFIX);
}

/** keyOf names an entity in the store: "Task:5". */
export function keyOf(link: Link): string {
  return `${link.contentType}:${link.id}`;
}

/** isLink: an object naming an entity (ids come as strings, numbers are tolerated). */
export function isLink(v: unknown): v is Link {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.contentType === 'string' && (typeof o.id === 'string' || typeof o.id === 'number');
}

/** endpointOf follows spec 000 §3: /api/v3/{contentTypeWithLowerFirstLetter}. */
export function endpointOf(contentType: string): string {
  return contentType.charAt(0).toLowerCase() + contentType.slice(1);
}

export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** abortError is what fetch rejects with when the signal fires. */
export function abortError(signal: AbortSignal): unknown {
  return isAbort(signal.reason) ? signal.reason : new DOMException('The operation was aborted.', 'AbortError');
}
