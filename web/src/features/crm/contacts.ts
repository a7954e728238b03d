// A client's contactInfo as the card edits it: entries kept in the
// server's shape, changed as a whole list (the server checks the list and
// keeps one main entry per type, docs/crm.md).

export const HUMAN = 'ContractorHuman';
export const COMPANY = 'ContractorCompany';

/** The ContactInfo types the card offers, most used first (the reference's enum). */
export const CONTACT_TYPES = ['phone', 'email', 'telegram', 'whatsapp', 'viber', 'skype', 'link', 'max_messenger', 'instagram', 'icq', 'jabber'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export interface ContactEntry {
  contentType: 'ContactInfo' | 'Address';
  type?: string;
  value?: string;
  comment?: string;
  isMain?: boolean;
  [key: string]: unknown;
}

/** contactsOf reads a client's contactInfo, skipping anything that is not an entry. */
export function contactsOf(value: unknown): ContactEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter((x): x is ContactEntry => !!x && typeof x === 'object' && 'contentType' in x);
}

/** withEntry adds an entry at the end; the server makes it main when it is the first of its type. */
export function withEntry(list: ContactEntry[], type: string, value: string, comment = ''): ContactEntry[] {
  const entry: ContactEntry = { contentType: 'ContactInfo', type, value: value.trim() };
  if (comment.trim()) entry.comment = comment.trim();
  return [...list, entry];
}

/** withoutEntry drops the entry at index i. */
export function withoutEntry(list: ContactEntry[], i: number): ContactEntry[] {
  return list.filter((_, j) => j !== i);
}

/** withMain makes the entry at index i its type's main one, unsetting the others of the type. */
export function withMain(list: ContactEntry[], i: number): ContactEntry[] {
  const target = list[i];
  if (!target) return list;
  const group = (e: ContactEntry) => (e.contentType === 'Address' ? 'Address' : e.type);
  return list.map((e, j) => (group(e) === group(target) ? { ...e, isMain: j === i } : e));
}

/** mainValue is the main (else first) value of a ContactInfo type, for lists. */
export function mainValue(value: unknown, type: string): string {
  const of = contactsOf(value).filter((e) => e.contentType === 'ContactInfo' && e.type === type);
  return (of.find((e) => e.isMain) ?? of[0])?.value ?? '';
}
