// Price lists (docs/stock.md, "Price lists"): the account's lists, read
// by everyone and written by administrators; an offer's price in a list
// is an OfferPrice, set (created or changed) and cleared (deleted) per list.
import { api } from '../../data/api';
import { useList } from '../../data/hooks';
import { reloadLists } from '../../data/lists';
import type { Entity } from '../../data/types';

export interface PriceList {
  id: string;
  name: string;
  currency: string;
  isActive: boolean;
}

const FIELDS = ['name', 'currency', 'isActive', 'orderPosition'];

function asList(e: Entity): PriceList {
  return { id: String(e.id), name: String(e.name ?? e.id), currency: String(e.currency ?? 'RUB'), isActive: e.isActive !== false };
}

/** usePriceLists: every list of the account in its order. */
export function usePriceLists(): PriceList[] {
  const list = useList({ contentType: 'PriceList', endpoint: 'priceList', fields: FIELDS, limit: 500, sortBy: [{ fieldName: 'orderPosition', desc: false }] });
  return list.items.map(asList);
}

export async function createPriceList(name: string, currency: string): Promise<void> {
  await api.post('priceList', { contentType: 'PriceList', name, currency });
  reloadLists('PriceList');
}

export async function updatePriceList(id: string, changes: Partial<Omit<PriceList, 'id'>>): Promise<void> {
  await api.post(`priceList/${id}`, { contentType: 'PriceList', ...changes });
  reloadLists('PriceList');
}

export async function deletePriceList(id: string): Promise<void> {
  await api.delete(`priceList/${id}`);
  reloadLists('PriceList');
}

export interface OfferPrice {
  id: string;
  list: string;
  value: number;
  currency: string;
}

/** offerPrices are an offer's prices, one per list at most. */
export async function offerPrices(offer: string): Promise<OfferPrice[]> {
  const rows = (await api.get<Entity[]>(`offer/${offer}/prices`, { limit: 500 })).data ?? [];
  return rows.map((r) => {
    const price = r.price as { value?: number; currency?: string } | null;
    return { id: String(r.id), list: String((r.priceList as { id?: string } | null)?.id ?? ''), value: price?.value ?? 0, currency: price?.currency ?? 'RUB' };
  });
}

/** setOfferPrice writes an offer's price in a list: a change of the one it has, or a new one. */
export async function setOfferPrice(offer: string, list: PriceList, value: number, existing?: OfferPrice): Promise<void> {
  const price = { contentType: 'Money', value, currency: list.currency };
  if (existing) await api.post(`offerPrice/${existing.id}`, { contentType: 'OfferPrice', price });
  else await api.post('offerPrice', { contentType: 'OfferPrice', offer: { contentType: 'Offer', id: offer }, priceList: { contentType: 'PriceList', id: list.id }, price });
}

export async function clearOfferPrice(existing: OfferPrice): Promise<void> {
  await api.delete(`offerPrice/${existing.id}`);
}
