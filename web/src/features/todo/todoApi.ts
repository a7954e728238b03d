// The calendar's calls (docs/todo.md): a period's to-dos from GET /time,
// moves and new to-dos as ordinary writes, answers to invitations as
// doAction requests. Saved to-dos go into the entity store so the list
// and the card follow.
import { api } from '../../data/api';
import { ingest } from '../../data/entities';
import { reloadLists } from '../../data/lists';
import type { Entity, Link } from '../../data/types';
import { scheduleBody, type Repeat } from './repeat';
import { whenOf, type Span } from './when';

export const CALENDAR_FIELDS = ['name', 'when', 'category', 'status', 'responsible', 'participants', 'place', 'possibleActions'];

const dateTime = (d: Date) => ({ contentType: 'DateTime', value: d.toISOString() });

/** periodTodos are the to-dos of people (the user when none) in [from, to). */
export async function periodTodos(from: Date, to: Date, subjects?: Link[], signal?: AbortSignal): Promise<Entity[]> {
  const query: Record<string, unknown> = { from: dateTime(from), to: dateTime(to), fields: CALENDAR_FIELDS };
  if (subjects?.length) query.subjects = subjects;
  return (await api.get<Entity[]>('time', query, { signal, batch: false })).data;
}

async function settle(todo: Entity): Promise<Entity> {
  ingest(todo, { full: true });
  reloadLists('Todo');
  return todo;
}

/** moveTodo gives a to-do a new time (a drag or a resize on the calendar). */
export async function moveTodo(id: string, span: Span): Promise<Entity> {
  return settle((await api.post<Entity>(`todo/${id}`, { contentType: 'Todo', when: whenOf(span) })).data);
}

export interface TodoDraft {
  name: string;
  category: string | null;
  span: Span;
  participants: Link[];
  place: string;
}

/** createTodo plans a to-do for the user with the people invited; a place typed in becomes a Place. */
export async function createTodo(d: TodoDraft, me: Link): Promise<Entity> {
  const place = d.place.trim() ? (await api.post<Entity>('place', { contentType: 'Place', name: d.place.trim() })).data : null;
  const body = {
    contentType: 'Todo',
    name: d.name.trim(),
    when: whenOf(d.span),
    responsible: me,
    category: d.category ? { contentType: 'TodoCategory', id: d.category } : null,
    place: place ? { contentType: 'Place', id: String(place.id) } : null,
    participants: d.participants.map((subject) => ({ contentType: 'Participant', subject })),
  };
  return settle((await api.post<Entity>('todo', body)).data);
}

/** TODO_FIELDS are what a to-do's card and peek show. */
export const TODO_FIELDS = ['name', 'when', 'category', 'status', 'place', 'responsible', 'participants', 'possibleActions',
  'busyParticipants', 'description', 'schedule', 'reminders'];

/** fetchTodo reads a to-do with what its card shows. */
export async function fetchTodo(id: string): Promise<Entity> {
  return (await api.get<Entity>(`todo/${id}`, { fields: TODO_FIELDS }, { batch: false })).data;
}

/** todoAction performs a doAction request, then reads the to-do again for its card. */
export async function todoAction(id: string, contentType: string, body: Record<string, unknown> = {}): Promise<Entity> {
  await settle((await api.post<Entity>(`todo/${id}/doAction`, { contentType, ...body })).data);
  return fetchTodo(id);
}

/** giveTodo makes a colleague the to-do's responsible (act_give). */
export async function giveTodo(id: string, to: Link): Promise<Entity> {
  await settle((await api.post<Entity>(`todo/${id}`, { contentType: 'Todo', responsible: to })).data);
  return fetchTodo(id);
}

/** setRepeat makes the to-do's series repeat by a rule, or stops it (null). */
export async function setRepeat(id: string, r: Repeat | null): Promise<Entity> {
  if (r) await api.post(`todo/${id}/schedule/changeTemplate`, scheduleBody(r));
  else await api.delete(`todo/${id}/schedule`);
  reloadLists('Todo');
  return fetchTodo(id);
}

export interface Category {
  id: string;
  name: string;
  color: string;
}

/** categories are the to-do categories, named in the user's language. */
export async function categories(): Promise<Category[]> {
  return (await api.get<Category[]>('todoCategory')).data;
}

/** busyPeople are those of the people with something else at that time (never what). */
export async function busyPeople(span: Span, people: Link[], signal?: AbortSignal): Promise<Link[]> {
  const query = { from: dateTime(span.start), to: dateTime(span.end), subjects: people };
  return (await api.get<Link[]>('todo/busyPeople', query, { signal, batch: false })).data;
}
