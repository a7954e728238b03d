// The task and project calls beyond plain saves (docs/tasks.md): status
// actions, deadline changes, conversion, favourites, tags, templates,
// milestones and bonuses. Answers go into the entity store, so every list,
// board and card showing the record follows; filter counts are told too.
import { api } from '../../data/api';
import { typeEndpoint } from '../../data/catalog';
import { ingest, removeEntity } from '../../data/entities';
import { reloadLists } from '../../data/lists';
import { keyOf, type Entity, type Link } from '../../data/types';

const changed = new Set<() => void>();

/** onTasksChanged hears every change made through these calls (the filter counts refresh). */
export function onTasksChanged(fn: () => void): () => void {
  changed.add(fn);
  return () => changed.delete(fn);
}

function keep(data: unknown): Entity {
  const e = (Array.isArray(data) ? data[0] : data) as Entity;
  if (e && typeof e === 'object' && 'contentType' in e) ingest(e);
  changed.forEach((fn) => fn());
  return e;
}

const base = (link: Link) => `${typeEndpoint(link.contentType)}/${link.id}`;

/** doAction performs an act_* (with a comment text, or a new responsible for act_delegate). */
export async function doAction(link: Link, action: string, extra: { text?: string; responsible?: Link } = {}): Promise<Entity> {
  const body: Record<string, unknown> = { action };
  if (extra.text?.trim()) body.text = extra.text.trim();
  if (extra.responsible) body.responsible = extra.responsible;
  const done = keep((await api.post(`${base(link)}/doAction`, body)).data);
  // The text became a comment: the feeds on screen fetch it.
  if (body.text) reloadLists('Comment');
  return done;
}

/** changeDeadline moves the deadline (the owner) or asks for it (responsible, executors). */
export async function changeDeadline(link: Link, deadline: unknown, request?: string): Promise<Entity> {
  const body: Record<string, unknown> = { deadline };
  if (request?.trim()) body.request = request.trim();
  return keep((await api.post(`${base(link)}/changeDeadline`, body)).data);
}

/** convert makes a project of a task or a task of a project; the answer is the new record, the old one is gone. */
export async function convert(link: Link): Promise<Entity> {
  const made = keep((await api.post(`${base(link)}/convert`)).data);
  removeEntity(keyOf(link));
  return made;
}

export async function setFavorite(link: Link, on: boolean): Promise<Entity> {
  const path = `${base(link)}/favorite`;
  return keep((on ? await api.post(path) : await api.delete(path)).data);
}

/** addTag puts a tag on by name (found or created by the server). */
export async function addTag(link: Link, name: string): Promise<Entity> {
  return keep((await api.post(`${base(link)}/tags`, { name })).data);
}

/** removeTag takes a tag off; the answer is the tags left. */
export async function removeTag(link: Link, tag: Link): Promise<void> {
  const env = await api.delete<Entity[]>(`${base(link)}/tags/${tag.id}`);
  const left = (Array.isArray(env.data) ? env.data : []).map((t) => ({ contentType: t.contentType, id: String(t.id) }));
  keep({ contentType: link.contentType, id: link.id, tags: left, tagsCount: left.length });
}

/** tagVariants: the account's tags whose names contain text. */
export async function tagVariants(text: string): Promise<Entity[]> {
  const env = await api.get<Entity[]>('task/tags', { name: text, limit: 20 });
  return Array.isArray(env.data) ? env.data : [];
}

/** cloneOf copies with the whole subtree: work from a template, or a template from work. */
export async function cloneOf(link: Link, isTemplate: boolean): Promise<Entity> {
  return keep((await api.post(`${base(link)}/clone`, isTemplate ? { isTemplate: true } : {})).data);
}

export async function addMilestone(link: Link, milestone: Record<string, unknown>): Promise<Entity> {
  return keep((await api.post(`${base(link)}/milestones`, milestone)).data);
}

/** addBonus gives a bonus or a fine (Task only, by whoever may change the task). */
export async function addBonus(link: Link, bonus: Record<string, unknown>): Promise<Entity> {
  return keep((await api.post(`${base(link)}/bonus`, bonus)).data);
}

/** negotiationItems reads a negotiation task's items, each with its actual version and that version's visas. */
export async function negotiationItems(task: Link): Promise<{ item: Entity; version?: Entity; visas: Entity[] }[]> {
  const env = await api.get<Entity[]>(`task/${task.id}/negotiationItems`, { limit: 100 });
  const items = Array.isArray(env.data) ? env.data : [];
  return Promise.all(
    items.map(async (item) => {
      const v = item.actualVersion as Link | null | undefined;
      if (!v) return { item, visas: [] };
      const [version, visas] = await Promise.all([api.get<Entity>(`negotiationItemVersion/${v.id}`), api.get<Entity[]>(`negotiationItemVersion/${v.id}/visas`, { limit: 100 })]);
      return { item, version: version.data, visas: Array.isArray(visas.data) ? visas.data : [] };
    }),
  );
}

/** addNegotiationItem adds an item with its first version's text (owner or responsible). */
export async function addNegotiationItem(task: Link, text: string): Promise<void> {
  await api.post(`task/${task.id}/negotiationItems`, { actualVersion: { text } });
}

/** addNegotiationVersion makes a new actual version; the approvers judge it afresh. */
export async function addNegotiationVersion(item: Link, text: string): Promise<void> {
  await api.post(`negotiation/${item.id}/version`, { text });
}

/** giveVisa approves or rejects an item's actual version, with an optional comment posted on the task. */
export async function giveVisa(item: Link, ok: boolean, comment: string): Promise<void> {
  await api.post(`negotiation/${item.id}/${ok ? 'approve' : 'reject'}`, comment.trim() ? { comment: { contentType: 'Comment', content: comment.trim() } } : {});
  if (comment.trim()) reloadLists('Comment');
}
