// The clients' calls beyond a plain save (docs/crm.md): DELETE drops a
// live client and deletes a dropped one forever; restoring is a save of
// isDropped. The store follows each answer.
import { api } from '../../data/api';
import { typeEndpoint } from '../../data/catalog';
import { ingest, removeEntity } from '../../data/entities';
import { saveEntity } from '../../data/hooks';
import { keyOf, type Entity, type Link } from '../../data/types';

/** drop marks a live client dropped, answering it as it now is. */
export async function drop(link: Link): Promise<void> {
  const env = await api.delete<Entity>(`${typeEndpoint(link.contentType)}/${link.id}`);
  if (env.data) ingest(env.data);
}

/** deleteForever removes a dropped client for good (refused while invoiced). */
export async function deleteForever(link: Link): Promise<void> {
  await api.delete(`${typeEndpoint(link.contentType)}/${link.id}`);
  removeEntity(keyOf(link));
}

export async function restore(link: Link): Promise<void> {
  await saveEntity(link.contentType, link.id, { isDropped: false });
}

/** clientType asks /contractor/{id} which type a bare client id is. */
export async function clientType(id: string): Promise<string> {
  const env = await api.get<Entity>(`contractor/${id}`);
  if (!env.data) throw new Error(`contractor ${id}: empty answer`);
  ingest(env.data, { full: true });
  return env.data.contentType;
}
