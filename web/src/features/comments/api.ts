// The comment calls every subject shares (docs/tasks.md, "Comments"); each
// answer goes into the entity store so the feed, the subject and its
// counters show it.
import { api } from '../../data/api';
import { typeEndpoint } from '../../data/catalog';
import { ingest } from '../../data/entities';
import type { Entity, Link } from '../../data/types';

/** commentsEndpoint: GET (the feed, newest first) and POST (a new comment) of a subject. */
export function commentsEndpoint(subject: Link): string {
  return `${typeEndpoint(subject.contentType)}/${subject.id}/comments`;
}

function keep(data: unknown) {
  const list = Array.isArray(data) ? data : [data];
  for (const e of list) if (e && typeof e === 'object' && 'contentType' in e && 'id' in e) ingest(e as Entity);
}

/** setLiked likes or unlikes a comment for the reader. */
export async function setLiked(comment: Link, liked: boolean) {
  const path = `comment/${comment.id}/like`;
  keep((liked ? await api.post(path) : await api.delete(path)).data);
}

/** markAsRead moves the reader's marker on a subject to its newest comment. */
export async function markAsRead(subject: Link) {
  keep((await api.post(`${commentsEndpoint(subject)}/markAsRead`)).data);
}

/** dropComment pseudo-deletes: the comment stays in the store, marked isDropped, so it can be restored in place. */
export async function dropComment(comment: Link) {
  keep((await api.delete(`comment/${comment.id}`)).data);
}
