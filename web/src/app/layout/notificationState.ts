// The bell's state (docs/api.md, "Subscribers and notifications"): the
// number of active notifications and the newest of them, kept current by
// the answers of /api/v3/notification and by the user's own live route,
// which carries each new Notification and, after a dismissal in any tab,
// the new Counter.
import { isLink, type Link } from '../../data/types';

export interface BellItem {
  id: string;
  type: string;
  content: string;
  time?: { contentType: 'DateTime'; value: string };
  sender?: Link;
  subject: Link;
}

export interface BellState {
  count: number;
  items: BellItem[];
}

export type BellEvent =
  | { kind: 'counter'; count: number }
  | { kind: 'list'; items: BellItem[] }
  | { kind: 'live'; message: unknown }
  | { kind: 'dismissed'; id: string }
  | { kind: 'dismissedAll' };

export const initialBell: BellState = { count: 0, items: [] };

/** BELL_LIMIT bounds the notifications the bell lists. */
export const BELL_LIMIT = 20;

/** userRoute is the live route of a user's own messages: the id, or "c" and the id for a guest. */
export function userRoute(user: Link): string {
  return `user:${user.contentType === 'ContractorHuman' ? 'c' : ''}${user.id}`;
}

const link = (v: unknown): Link | undefined => (isLink(v) ? { contentType: v.contentType, id: String(v.id) } : undefined);

/** parseNotification reads a Notification of the API, or undefined for anything else. */
export function parseNotification(raw: unknown): BellItem | undefined {
  const n = raw as Record<string, unknown> | null;
  if (!n || typeof n !== 'object' || n.contentType !== 'Notification' || n.id === undefined) return undefined;
  const subject = link(n.subject);
  if (!subject) return undefined;
  const time = n.time as BellItem['time'];
  return {
    id: String(n.id),
    type: typeof n.type === 'string' ? n.type : '',
    content: typeof n.content === 'string' ? n.content : '',
    time: time && typeof time === 'object' && typeof time.value === 'string' ? time : undefined,
    sender: link(n.sender),
    subject,
  };
}

export function reduceBell(state: BellState, event: BellEvent): BellState {
  switch (event.kind) {
    case 'counter':
      return { ...state, count: Math.max(0, event.count) };
    case 'list':
      return { ...state, items: event.items.slice(0, BELL_LIMIT) };
    case 'live': {
      const m = event.message as Record<string, unknown> | null;
      if (m && m.contentType === 'Counter' && m.id === 'notification' && typeof m.count === 'number') {
        return { ...state, count: Math.max(0, m.count) };
      }
      const item = parseNotification(m);
      // A message re-sent after a reconnect is not a second notification.
      if (!item || state.items.some((i) => i.id === item.id)) return state;
      return { count: state.count + 1, items: [item, ...state.items].slice(0, BELL_LIMIT) };
    }
    case 'dismissed': {
      if (!state.items.some((i) => i.id === event.id)) return state;
      return { count: Math.max(0, state.count - 1), items: state.items.filter((i) => i.id !== event.id) };
    }
    case 'dismissedAll':
      return { count: 0, items: [] };
  }
}
