// Writing entities (spec 000 §4, §5): changes show at once and are rolled
// back when the server refuses them; a new entity lives under a temporary
// id until its first save answers the real one; nothing can be written
// through an entity the server has not seen yet.
import { api } from './api';
import { compressBody } from './bulk';
import { typeEndpoint } from './catalog';
import {
  applyChange,
  confirmChange,
  getSlot,
  markCreating,
  registerEntity,
  removeEntity,
  replaceId,
  revertChange,
} from './entities';
import { InternalError, UNSAVED_MESSAGE, isTempId, keyOf, type Entity, type Link } from './types';

function bodyOf(entity: Entity | undefined, changes: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...(entity ?? {}), ...changes };
  delete body.contentType;
  delete body.id;
  return compressBody(body) as Record<string, unknown>;
}

/**
 * saveEntity creates (id undefined or temporary) or changes an entity. It
 * answers the saved entity, or rejects with the server's HttpError (its
 * .errors hold meta.errors) after undoing what it showed.
 */
export async function saveEntity(contentType: string, id: string | undefined, changes: Record<string, unknown>): Promise<Entity> {
  if (id !== undefined && !isTempId(id)) return update({ contentType, id }, changes);
  const temp = id === undefined ? registerEntity({ ...changes, contentType }) : { contentType, id };
  return create(temp, changes);
}

async function update(link: Link, changes: Record<string, unknown>): Promise<Entity> {
  const key = keyOf(link);
  const token = applyChange(key, changes);
  try {
    const env = await api.post<Entity>(`${typeEndpoint(link.contentType)}/${link.id}`, compressBody(changes));
    confirmChange(key, token, env.data);
    return getSlot(key).entity!;
  } catch (err) {
    revertChange(key, token);
    throw err;
  }
}

async function create(temp: Link, changes: Record<string, unknown>): Promise<Entity> {
  const key = keyOf(temp);
  const slot = getSlot(key);
  if (!slot.entity) throw new InternalError(`unknown temporary entity ${key}`);
  if (slot.creating) throw new InternalError(UNSAVED_MESSAGE);
  markCreating(key, true);
  try {
    const env = await api.post<Entity>(typeEndpoint(temp.contentType), bodyOf(slot.entity, changes));
    const saved = { ...env.data, contentType: env.data.contentType ?? temp.contentType };
    replaceId(key, saved);
    return getSlot(keyOf({ contentType: saved.contentType, id: String(saved.id) })).entity!;
  } catch (err) {
    // A new item that could not be saved leaves the store and every list.
    removeEntity(key);
    throw err;
  }
}

/** deleteEntity deletes on the server, then drops the entity from the store and lists. */
export async function deleteEntity(link: Link): Promise<void> {
  if (isTempId(link.id)) throw new InternalError(UNSAVED_MESSAGE);
  await api.delete(`${typeEndpoint(link.contentType)}/${link.id}`);
  removeEntity(keyOf(link));
}

/** addToCollection adds an item to a collection field (POST {entity}/{id}/{field}). */
export async function addToCollection(owner: Link, field: string, item: unknown): Promise<Entity> {
  if (isTempId(owner.id)) throw new InternalError(UNSAVED_MESSAGE);
  const env = await api.post<Entity>(`${typeEndpoint(owner.contentType)}/${owner.id}/${field}`, compressBody(item));
  return env.data;
}

/** removeFromCollection takes an item out of a collection field. */
export async function removeFromCollection(owner: Link, field: string, item: Link): Promise<void> {
  if (isTempId(owner.id)) throw new InternalError(UNSAVED_MESSAGE);
  await api.delete(`${typeEndpoint(owner.contentType)}/${owner.id}/${field}/${item.contentType}/${item.id}`);
}
