// The mail view's plain rules: its folders, its addresses, who a letter
// is with, where the entity it is filed to opens, and the compose form's
// body for POST /message/send.
import { cardPath } from '../../app/paths';
import type { Link } from '../../data/types';
import { recipients, type MailMessage, type OutgoingMail } from './mailApi';

export type Folder = 'inbox' | 'sent';

export const FOLDERS: Folder[] = ['inbox', 'sent'];

/** mailPath is the mail view, a letter opened when given. */
export function mailPath(id?: string): string {
  return id ? `/discuss/mail/${encodeURIComponent(id)}/` : '/discuss/mail/';
}

export function folderOf(m: MailMessage): Folder {
  return m.isOutgoing ? 'sent' : 'inbox';
}

/** party is who the letter is with: its sender when received, its recipients when sent. */
export function party(m: MailMessage): string {
  if (m.isOutgoing) return m.to.map((c) => c.email).join(', ');
  return m.from.name ? `${m.from.name} <${m.from.email}>` : m.from.email;
}

/** entityHref opens what a letter is filed to: a discussion in the messenger, anything else on its card. */
export function entityHref(l: Link): string {
  return l.contentType === 'Topic' ? `/discuss/chat/${l.id}/` : cardPath({ contentType: l.contentType, id: String(l.id) });
}

/** What a letter may be filed to (the server's rule for POST /message/send). */
export const MAIL_SUBJECTS = ['ContractorHuman', 'ContractorCompany', 'Deal', 'Topic'];

export interface ComposeDraft {
  from: string | null;
  to: string;
  subject: string;
  text: string;
  entity: Link | null;
  /** uploaded Files, sent as attachments */
  attaches: Link[];
}

export const emptyCompose: ComposeDraft = { from: null, to: '', subject: '', text: '', entity: null, attaches: [] };

/** composeReady: a letter needs where it is filed and a text or a file; empty "to" and subject are the server's to fill. */
export function composeReady(d: ComposeDraft): boolean {
  return d.entity !== null && (d.text.trim() !== '' || d.attaches.length > 0);
}

/** composeBody is the draft as POST /message/send takes it. */
export function composeBody(d: ComposeDraft & { entity: Link }): OutgoingMail {
  const to = recipients(d.to);
  return {
    entity: d.entity,
    text: d.text,
    ...(d.from ? { from: { contentType: 'Imap', id: d.from } } : {}),
    ...(to.length ? { to } : {}),
    ...(d.subject.trim() ? { subject: d.subject.trim() } : {}),
    ...(d.attaches.length ? { attaches: d.attaches } : {}),
  };
}
