// Following a subject's comments (docs/api.md, "Subscribers and
// notifications"): the reader subscribes or unsubscribes only themselves;
// the answers go into the entity store, so the card's bar follows.
import { api } from '../../data/api';
import { typeEndpoint } from '../../data/catalog';
import { ingest } from '../../data/entities';
import type { Entity, Link } from '../../data/types';

/** The subject fields the subscribers bar shows. */
export const SUBSCRIPTION_FIELDS = ['subscribed', 'subscribers', 'subscribersCount'];

const base = (subject: Link) => `${typeEndpoint(subject.contentType)}/${subject.id}`;

/** setSubscribed follows (on) or stops following a subject's comments. */
export async function setSubscribed(subject: Link, on: boolean) {
  const res = await api.post<Entity>(`${base(subject)}/${on ? 'subscribe' : 'unsubscribe'}`);
  if (res.data) ingest(res.data);
}

/** refreshSubscription re-reads the subscription figures (writing a comment subscribes its author). */
export async function refreshSubscription(subject: Link) {
  const res = await api.get<Entity>(base(subject), { fields: SUBSCRIPTION_FIELDS });
  if (res.data) ingest(res.data);
}

/** subscriberLinks reads the subscribers field of a subject, tolerating its absence. */
export function subscriberLinks(entity: Entity): Link[] {
  const raw = entity.subscribers;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((x) =>
    x && typeof x === 'object' && typeof (x as Link).contentType === 'string' && (x as Link).id !== undefined
      ? [{ contentType: (x as Link).contentType, id: String((x as Link).id) }]
      : [],
  );
}
