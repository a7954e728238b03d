// The chat calls (docs/discuss.md): the reader's chats pinned first, a
// chat's messages newest first paged back, sending, reading, typing, the
// private dialogue found or started, pin and sound.
import { api } from '../../data/api';
import type { Link } from '../../data/types';

export interface Chat {
  contentType: 'Topic';
  id: string;
  name?: string | null;
  isPrivate?: boolean;
  isDiscussable?: boolean;
  owner?: Link | null;
  visavis?: Link | null;
  participants?: Link[];
  unreadCommentsCount?: number;
  isAttached?: boolean;
  soundDisable?: boolean;
  possibleActions?: string[];
}

export interface Message {
  contentType: 'Comment';
  id: string;
  content?: string | null;
  owner?: Link | null;
  timeCreated?: { value: string } | null;
  isUnread?: boolean;
  isDropped?: boolean;
  possibleActions?: string[];
  attaches?: Link[];
}

/** ChatEvent is what the server puts on the user's own route for a chat. */
export interface ChatEvent {
  contentType: 'ChatEvent';
  type: 'message' | 'changed' | 'typing';
  chat: Link;
  user: Link;
  comment?: Link;
}

export const MESSAGE_PAGE = 30;
// A list of comments leaves their files out unless asked.
const MESSAGE_FIELDS = ['attaches'];

export function isChatEvent(v: unknown): v is ChatEvent {
  return typeof v === 'object' && v !== null && (v as ChatEvent).contentType === 'ChatEvent';
}

// A list leaves collections out unless asked; the messenger shows the people.
const CHAT_FIELDS = ['name', 'isPrivate', 'isDiscussable', 'owner', 'visavis', 'participants', 'unreadCommentsCount', 'isAttached', 'soundDisable', 'possibleActions'];

export async function loadChats(): Promise<Chat[]> {
  return (await api.get<Chat[]>('topic/attachedFirst', { limit: 100, fields: CHAT_FIELDS }, { batch: false })).data ?? [];
}

/** loadMessages answers a page, newest first, older than `before` when given. */
export async function loadMessages(chat: string, before?: string): Promise<{ items: Message[]; hasMore: boolean }> {
  const query: Record<string, unknown> = { limit: MESSAGE_PAGE, fields: MESSAGE_FIELDS };
  if (before) query.pageAfter = { contentType: 'Comment', id: before };
  const res = await api.get<Message[]>(`topic/${chat}/comments`, query, { batch: false });
  return { items: res.data ?? [], hasMore: Boolean(res.meta.pagination?.hasMoreNext) };
}

export async function loadMessage(id: string): Promise<Message> {
  return (await api.get<Message>(`comment/${id}`, { fields: MESSAGE_FIELDS }, { batch: false })).data;
}

/** sendMessage: text, files (already uploaded), or both. */
export async function sendMessage(chat: string, content: string, attaches: Link[] = []): Promise<Message> {
  const body: Record<string, unknown> = { content };
  if (attaches.length > 0) body.attaches = attaches;
  return (await api.post<Message>(`topic/${chat}/comments`, body)).data;
}

export async function editMessage(id: string, content: string): Promise<Message> {
  return (await api.post<Message>(`comment/${id}`, { content })).data;
}

export async function deleteMessage(id: string) {
  await api.delete(`comment/${id}`);
}

export async function markRead(chat: string) {
  await api.post(`topic/${chat}/comments/markAsRead`);
}

export async function sendTyping(chat: string) {
  await api.post(`topic/${chat}/typing`);
}

export async function openDialogue(visavis: Link): Promise<Chat> {
  return (await api.post<Chat>('topic/dialogue', { visavis })).data;
}

export async function createChat(name: string, participants: Link[]): Promise<Chat> {
  return (await api.post<Chat>('topic', { name, isDiscussable: true, participants })).data;
}

export async function setPinned(chat: string, on: boolean): Promise<Chat> {
  const path = `topic/${chat}/attach`;
  return (on ? await api.put<Chat>(path) : await api.delete<Chat>(path)).data;
}

export async function setSound(chat: string, on: boolean): Promise<Chat> {
  const path = `topic/${chat}/sound`;
  return (on ? await api.put<Chat>(path) : await api.delete<Chat>(path)).data;
}

/** setParticipants writes a group chat's whole list of people (the server refuses it for a dialogue). */
export async function setParticipants(chat: string, participants: Link[]): Promise<Chat> {
  return (await api.post<Chat>(`topic/${chat}`, { participants })).data;
}

/** canEditPeople: whoever the server lets change the chat, and never a private dialogue's two. */
export function canEditPeople(chat: Chat): boolean {
  return !chat.isPrivate && (chat.possibleActions ?? []).includes('act_edit');
}

const same = (a: Link, b: Link) => a.contentType === b.contentType && String(a.id) === String(b.id);

/** withPerson adds someone to a list of people once. */
export function withPerson(list: Link[], who: Link): Link[] {
  return list.some((p) => same(p, who)) ? list : [...list, who];
}

/** withoutPerson takes someone out of a list of people. */
export function withoutPerson(list: Link[], who: Link): Link[] {
  return list.filter((p) => !same(p, who));
}
