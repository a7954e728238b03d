// Display names of entities (spec 000 §3): the one place that decides how a
// person, a company, a task or anything else is called on screen.
import type { TFunction } from 'i18next';
import type { Entity, Link } from '../data/types';
import { can } from './rights';

const PEOPLE = new Set(['ContractorHuman', 'Employee']);
// Deals and tasks are called by their name, or by their number when unnamed.
const NUMBERED: Record<string, string[]> = { Deal: ['number'], Task: ['humanNumber'], Project: ['humanNumber'] };
const CONTACT_INFO = new Set(['ContactInfo', 'Address']);

function text(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  return '';
}

function personName(e: Entity): string {
  return [text(e.lastName), text(e.firstName)].filter(Boolean).join(' ');
}

function contactTypeLabel(type: string, t?: TFunction): string {
  if (!t) return type;
  const labels: Record<string, string> = {
    phone: t('format.contact.phone'),
    email: t('format.contact.email'),
    address: t('format.contact.address'),
  };
  return labels[type] ?? type;
}

/** contactInfoName: type label, value and comment ("Phone: +7 … (mobile)"). */
export function contactInfoName(info: Record<string, unknown>, t?: TFunction): string {
  const type = text(info.type);
  const value = text(info.value);
  const comment = text(info.comment);
  const head = type ? `${contactTypeLabel(type, t)}: ${value}` : value;
  return comment ? `${head} (${comment})` : head;
}

/** ownName is the name an entity carries itself, or '' when it has none. */
function ownName(e: Entity, t?: TFunction): string {
  if (CONTACT_INFO.has(e.contentType)) return contactInfoName(e, t);
  if (PEOPLE.has(e.contentType)) {
    const person = personName(e);
    if (person) return person;
  }
  const name = text(e.name) || text(e.title);
  if (name) return name;
  for (const field of NUMBERED[e.contentType] ?? []) {
    const n = text(e[field]);
    if (n) return t ? t('format.number', { number: n }) : `№ ${n}`;
  }
  return '';
}

/**
 * displayName is how an entity is called on screen. Without a name of its
 * own it is "<type label> #id", or the no-access title when the read right
 * is missing. typeLabel is the catalogue's label of the type, when known.
 * A bare link (not loaded yet) is called by its type and id.
 */
export function displayName(target: Entity | Link | undefined, t?: TFunction, typeLabel?: string): string {
  if (!target) return '';
  const entity = target as Entity;
  const name = ownName(entity, t);
  if (name) return name;
  if (!can(entity, 'read')) return t ? t('format.noAccess') : 'No access';
  return `${typeLabel || entity.contentType} #${entity.id}`;
}
