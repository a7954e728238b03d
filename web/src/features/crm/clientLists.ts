// Client types and statuses (docs/crm.md "Client types and statuses"): the
// account's two short lists, in the administrator's order. They are read
// whole and kept here, so the list's cells and the card's pickers name a
// client's type and status without asking for each; the settings screen
// changes them and tells every reader to read them again.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { api } from '../../data/api';
import type { Link } from '../../data/types';

export type ListKind = 'type' | 'status';

export const LIST_TYPE: Record<ListKind, string> = { type: 'ContractorType', status: 'ContractorStatus' };
const ENDPOINT: Record<ListKind, string> = { type: 'contractorType', status: 'contractorStatus' };

/** The reference's kinds of a client type (ContractorType.type). */
export const TYPE_KINDS = ['client', 'contact', 'subcontractor', 'partner', 'competitor', 'supplier', 'own', 'employee', 'guest', 'spam'] as const;

export interface ListItem {
  id: string;
  name: string;
  orderPosition: number;
  /** A type's kind; statuses have none. */
  type?: string;
  /** The fields a client of the type must have (a type's only). */
  requiredFields?: string[];
  /** The fields the form adding a client of the type shows (a type's only). */
  visibleOnCreationFields?: string[];
  /** The fields the card of a client of the type shows, and those pinned first (a type's only). */
  visibleInCardFields?: string[];
  fixedFields?: string[];
}

/** Fields the card shows in blocks of their own, never in its list of fields. */
const OWN_BLOCKS = ['name', 'contactInfo', 'type', 'status', 'priceList'];

/** cardFields: the card's fields for a client of the type: its pinned ones first, then the card's own, then the others it shows. */
export function cardFields(item: ListItem | undefined, own: readonly string[]): string[] {
  const names = [...(item?.fixedFields ?? []), ...own, ...(item?.visibleInCardFields ?? [])];
  return names.filter((n, i) => names.indexOf(n) === i && !OWN_BLOCKS.includes(n));
}

/** creationFields: the fields a new client of the type is asked for besides the form's own, those it shows and those it requires. */
export function creationFields(item: ListItem | undefined, own: readonly string[]): string[] {
  if (!item) return [];
  const names = [...(item.visibleOnCreationFields ?? []), ...(item.requiredFields ?? [])];
  // The form asks for a phone and an e-mail itself.
  return names.filter((n, i) => names.indexOf(n) === i && !own.includes(n) && n !== 'contactInfo');
}

/** The client fields a type's lists may name, as the settings screen offers them. */
export const TYPE_FIELD_OPTIONS = ['description', 'responsibles', 'contactInfo', 'position', 'birthday', 'tags', 'status', 'company'] as const;

/** A client type's field lists (docs/crm.md). */
export const TYPE_FIELD_LISTS = ['requiredFields', 'visibleOnCreationFields', 'visibleInCardFields', 'fixedFields'] as const;
export type TypeFieldList = (typeof TYPE_FIELD_LISTS)[number];

let version = 0;
const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
const cache = new Map<string, Promise<ListItem[]>>();

/** changed makes every reader of the lists read them again. */
export function changed() {
  cache.clear();
  version++;
  for (const fn of listeners) fn();
}

/** loadList reads a whole list (an account has a handful of each). */
export function loadList(kind: ListKind): Promise<ListItem[]> {
  let p = cache.get(kind);
  if (!p) {
    p = api.get<ListItem[]>(ENDPOINT[kind], { limit: 100 }, { batch: false }).then((env) =>
      (env.data ?? []).map((i) => ({ ...i, id: String(i.id), orderPosition: Number(i.orderPosition ?? 0) })),
    );
    p.catch(() => cache.delete(kind));
    cache.set(kind, p);
  }
  return p;
}

/** useClientList is a list as it stands, [] until read. */
export function useClientList(kind: ListKind): ListItem[] {
  const v = useSyncExternalStore(subscribe, () => version);
  const [items, setItems] = useState<ListItem[]>([]);
  useEffect(() => {
    let live = true;
    loadList(kind).then(
      (got) => live && setItems(got),
      // The names are a convenience of the list and card: both work without them.
      (err: unknown) => console.warn(`artel: client ${kind} list not loaded`, err),
    );
    return () => {
      live = false;
    };
  }, [kind, v]);
  return items;
}

/** nameOf is the name of the item a client's link names, '' for none or one not (yet) known. */
export function nameOf(items: ListItem[], link: unknown): string {
  const id = (link as Link | null | undefined)?.id;
  if (id === undefined || id === null) return '';
  return items.find((i) => i.id === String(id))?.name ?? '';
}

export function linkTo(kind: ListKind, id: string): Link {
  return { contentType: LIST_TYPE[kind], id };
}

export async function addItem(kind: ListKind, name: string, typeKind?: string): Promise<void> {
  await api.post(ENDPOINT[kind], kind === 'type' && typeKind ? { name, type: typeKind } : { name });
  changed();
}

export async function changeItem(kind: ListKind, id: string, changes: { name?: string; type?: string } & Partial<Record<TypeFieldList, string[]>>): Promise<void> {
  await api.post(`${ENDPOINT[kind]}/${id}`, changes);
  changed();
}

/** reordered is the list with one item moved up (-1) or down (+1). */
export function reordered(items: ListItem[], index: number, by: -1 | 1): ListItem[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return items;
  const out = [...items];
  [out[index], out[to]] = [out[to], out[index]];
  return out;
}

/** move moves an item up or down: the list is numbered 1, 2, 3… again, each changed position saved. */
export async function move(kind: ListKind, items: ListItem[], index: number, by: -1 | 1): Promise<void> {
  const next = reordered(items, index, by);
  for (const [i, item] of next.entries()) {
    if (item.orderPosition !== i + 1) await api.post(`${ENDPOINT[kind]}/${item.id}`, { orderPosition: i + 1 });
  }
  changed();
}

/** removeItem deletes an item; one in use needs replaceWith, where its clients move. */
export async function removeItem(kind: ListKind, id: string, replaceWith?: string): Promise<void> {
  await api.delete(`${ENDPOINT[kind]}/${id}`, replaceWith ? { replaceWith: linkTo(kind, replaceWith) } : undefined);
  changed();
}
