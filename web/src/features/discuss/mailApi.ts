// The mail calls (docs/discuss.md, "Mail"): mail accounts (the API's
// Imap, passwords write-only), their check, a chat's mail and sending
// a message as e-mail.
import { api } from '../../data/api';
import type { Link } from '../../data/types';

export interface ServerConfig {
  contentType?: 'MailServerConfig';
  host: string;
  port: number;
  ssl: boolean;
  login: string;
  /** write-only: never answered; empty keeps the stored one */
  password?: string;
}

export type MailStatus = 'unknown' | 'enabled' | 'error' | 'disabled';

export interface MailAccount {
  contentType: 'Imap';
  id: string;
  email: string;
  footer: string;
  incomingEmailMode: 'email' | 'deal';
  program: Link | null;
  isDefault: boolean;
  isShared: boolean;
  imapStatus: MailStatus;
  smtpStatus: MailStatus;
  imapError: string;
  smtpError: string;
  imapConfig: ServerConfig;
  smtpConfig: ServerConfig;
}

export interface MailContact {
  email: string;
  name?: string;
}

export interface MailMessage {
  contentType: 'Message';
  id: string;
  messageId: string;
  from: MailContact;
  to: MailContact[];
  subject: string;
  text: string;
  isOutgoing: boolean;
  status: 'queued' | 'sent' | 'failed' | 'received';
  lastErrorMessage: string;
  attaches: Link[];
  convertedTo?: Link;
  /** the discussion, deal or client the letter is filed to */
  entity?: Link;
  timeCreated?: { value: string } | null;
  timeSent?: { value: string } | null;
}

export type AccountInput = Partial<Omit<MailAccount, 'contentType' | 'id' | 'imapConfig' | 'smtpConfig'>> & {
  imapConfig?: Partial<ServerConfig>;
  smtpConfig?: Partial<ServerConfig>;
};

export async function loadAccounts(): Promise<MailAccount[]> {
  return (await api.get<MailAccount[]>('imap', undefined, { batch: false })).data ?? [];
}

export async function saveAccount(id: string | null, body: AccountInput): Promise<MailAccount> {
  return (await api.post<MailAccount>(id ? `imap/${id}` : 'imap', body)).data;
}

export async function deleteAccount(id: string) {
  await api.delete(`imap/${id}`);
}

export async function checkAccount(id: string): Promise<MailAccount> {
  return (await api.post<MailAccount>(`imap/${id}/check`)).data;
}

export async function loadMail(entity: Link): Promise<MailMessage[]> {
  return (await api.get<MailMessage[]>('message', { entity }, { batch: false })).data ?? [];
}

/** loadFolder: the newest mail of the reader's accounts, only the sent or only the received. */
export async function loadFolder(outgoing: boolean): Promise<MailMessage[]> {
  return (await api.get<MailMessage[]>('message', { isOutgoing: outgoing }, { batch: false })).data ?? [];
}

export async function loadLetter(id: string): Promise<MailMessage> {
  return (await api.get<MailMessage>(`message/${id}`, undefined, { batch: false })).data;
}

export interface OutgoingMail {
  entity: Link;
  text: string;
  subject?: string;
  to?: string[];
  from?: Link;
  attaches?: Link[];
}

export async function sendMail(m: OutgoingMail): Promise<MailMessage> {
  return (await api.post<MailMessage>('message/send', m)).data;
}

/** byComment indexes a chat's mail by the message (comment) it is shown as. */
export function byComment(list: MailMessage[]): Map<string, MailMessage> {
  const out = new Map<string, MailMessage>();
  for (const m of list) if (m.convertedTo) out.set(String(m.convertedTo.id), m);
  return out;
}

/** recipients reads a "To" field: addresses split by commas, semicolons or spaces. */
export function recipients(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const fileURL = (id: string | number) => `/api/v3/file/${id}/download`;
