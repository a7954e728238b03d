// The stock writes and reads (docs/stock.md): a consignment is saved with
// its rows inline and moves by its state; a movement is one call; the
// balances are read per warehouse.
import { api } from '../../data/api';
import { ingest } from '../../data/entities';
import { reloadLists } from '../../data/lists';
import type { Entity, Link } from '../../data/types';
import { allOf, refIs } from '../../app/mapping/filters';

export type ConsignmentState = 'created' | 'reserved' | 'performed' | 'cancelled';
export type ConsignmentKind = 'income' | 'expense' | 'movement';

export interface RowDraft {
  offer: Link | null;
  quantity: number;
  /** Unit price, VAT included, in roubles; 0 for none. */
  price: number;
}

export interface ConsignmentDraft {
  kind: ConsignmentKind;
  warehouse: Link | null;
  /** The destination of a movement. */
  warehouseTo: Link | null;
  deal: Link | null;
  description: string;
  rows: RowDraft[];
}

export interface Balance {
  id: string;
  offer: { id: string; name?: string };
  warehouse: { id: string; name?: string };
  balance: number;
  reserved: number;
  expected: number;
  available: number;
  availableNow: number;
}

const rub = (v: number) => ({ contentType: 'Money', value: v, currency: 'RUB' });
const rowBody = (r: RowDraft) => ({ contentType: 'ConsignmentRow', offer: r.offer, quantity: r.quantity, price: r.price > 0 ? rub(r.price) : null });
const priceOf = (v: unknown) => (v as { value?: number } | null)?.value ?? 0;

/**
 * rowKopecks is a row's sum as the server counts it (docs/stock.md,
 * "Totals"): quantity (thousandths) × price (kopecks), exact, rounded half
 * away from zero to the kopeck; never a float product.
 */
export function rowKopecks(r: RowDraft): bigint {
  const milli = BigInt(Math.round(r.quantity * 1000));
  const kopecks = BigInt(Math.round(r.price * 100));
  const p = milli * kopecks;
  return p >= 0n ? (p + 500n) / 1000n : -((-p + 500n) / 1000n);
}

/** draftTotal is the rows' sum in roubles, each row to the kopeck. */
export function draftTotal(rows: RowDraft[]): number {
  return Number(rows.reduce((s, r) => s + rowKopecks(r), 0n)) / 100;
}
const filled = (rows: RowDraft[]) => rows.filter((r) => r.offer && r.quantity > 0);

function settle(c: Entity): Entity {
  ingest(c, { full: true });
  reloadLists('Consignment');
  return c;
}

/** saveConsignment creates (no id) or updates a consignment and moves it to state. */
export async function saveConsignment(d: ConsignmentDraft, state: ConsignmentState, id?: string): Promise<Entity> {
  if (d.kind === 'movement') {
    const from = d.warehouse?.id ?? '0';
    const to = d.warehouseTo?.id ?? '0';
    return settle((await api.post<Entity>(`warehouse/${from}/moveOffers/${to}`, { rows: filled(d.rows).map(rowBody), description: d.description })).data);
  }
  const body = {
    contentType: 'Consignment',
    type: d.kind,
    warehouse: d.warehouse,
    deal: d.deal,
    description: d.description,
    rows: filled(d.rows).map(rowBody),
    state,
  };
  return settle((await api.post<Entity>(id ? `consignment/${id}` : 'consignment', body)).data);
}

/** setState moves a saved consignment (performed → created is a resume). */
export async function setState(id: string, state: ConsignmentState): Promise<Entity> {
  return settle((await api.post<Entity>(`consignment/${id}`, { contentType: 'Consignment', state })).data);
}

/** consignmentRows are a consignment's rows as the editor holds them. */
export async function consignmentRows(id: string): Promise<RowDraft[]> {
  const rows = (await api.get<Entity[]>(`consignment/${id}/rows`)).data ?? [];
  return rows.map((r) => ({ offer: (r.offer as Link | null) ?? null, quantity: Number(r.quantity ?? 1), price: priceOf(r.price) }));
}

/** dealRows are a deal's positions as consignment rows. */
export async function dealRows(dealId: string): Promise<RowDraft[]> {
  const rows = (await api.get<Entity[]>('offerRow', { filter: allOf(refIs('deal', 'Deal', dealId)), fields: ['offer', 'quantity', 'price'], limit: 100 })).data ?? [];
  return rows.filter((r) => r.offer).map((r) => ({ offer: r.offer as Link, quantity: Number(r.quantity ?? 1), price: priceOf(r.price) }));
}

/** BALANCE_PAGE is how many balances a warehouse's card reads at a time. */
export const BALANCE_PAGE = 200;

/** warehouseBalances are a warehouse's balances by offer, after the offer id given. */
export async function warehouseBalances(id: string, afterOffer?: string): Promise<Balance[]> {
  const query: Record<string, unknown> = { limit: BALANCE_PAGE };
  if (afterOffer) query.pageAfter = afterOffer;
  return (await api.get<Balance[]>(`warehouse/${id}/balances`, query)).data ?? [];
}

/** offerBalances are an offer's balances by warehouse. */
export async function offerBalances(id: string): Promise<Balance[]> {
  return (await api.get<Balance[]>(`offer/${id}/balances`, { limit: 500 })).data ?? [];
}

export interface Deficit {
  offer: Link;
  need: number;
  available: number;
}

/** deficits are the offers a consignment or a deal needs more of than the warehouse has. */
export async function deficits(warehouseId: string, of: Link): Promise<Deficit[]> {
  return (await api.post<Deficit[]>(`warehouse/${warehouseId}/deficitOffers`, { contextEntity: { contentType: of.contentType, id: of.id } })).data ?? [];
}
