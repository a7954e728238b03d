// The invoice writes (docs/finance.md): an invoice is saved with its rows
// inline, and a payment is a change of status. A saved invoice and the
// deal whose debt it moves go into the entity store, so the list, the
// card and the deal card follow.
import { api } from '../../data/api';
import { ingest } from '../../data/entities';
import { reloadLists } from '../../data/lists';
import type { Entity, Link } from '../../data/types';
import { isLink } from '../../fields/link/LinkName';
import type { RowDraft } from './totals';
import { round2 } from './format';

export interface InvoiceDraft {
  payer: Link | null;
  /** one of the account's own legal entities; null lets the server take its first */
  recipient: Link | null;
  /** the PriceList's id rows from the catalogue are priced in; null: the server takes the deal's or the client's */
  priceList?: string | null;
  deal: Link | null;
  invoiceDate: Date;
  deadline: Date | null;
  rows: RowDraft[];
  /** the InvoiceTemplate's id; null prints with the default one */
  template: string | null;
}

const day = (d: Date) => ({ contentType: 'DateOnly', year: d.getFullYear(), month: d.getMonth(), day: d.getDate() });
const rub = (v: number) => ({ contentType: 'Money', value: v, currency: 'RUB' });

/** rowBody is a row as the server reads it: one of price / priceWithoutTax says how its VAT counts. */
function rowBody(r: RowDraft): Record<string, unknown> {
  return {
    contentType: 'OfferRow',
    ...(r.id ? { id: r.id } : {}),
    ...(r.offer ? { offer: r.offer } : {}),
    name: r.name,
    quantity: r.quantity,
    unit: r.unit ? { contentType: 'Unit', name: r.unit } : null,
    [r.vatOnTop ? 'priceWithoutTax' : 'price']: rub(round2(r.price)),
    tax: r.vatRate === null ? null : { contentType: 'Tax', name: `НДС ${r.vatRate}%`, rate: r.vatRate },
    discount: r.discount > 0 ? { contentType: 'Discount', type: r.discountType, valueInMain: round2(r.discount) } : null,
  };
}

async function settle(invoice: Entity): Promise<Entity> {
  ingest(invoice, { full: true });
  reloadLists('Invoice');
  const deal = invoice.deal as Link | null;
  if (deal) ingest((await api.get<Entity>(`deal/${deal.id}`)).data, { full: true });
  return invoice;
}

/** saveInvoice creates (no id) or updates an invoice with its rows. */
export async function saveInvoice(d: InvoiceDraft, id?: string): Promise<Entity> {
  const body = {
    contentType: 'Invoice',
    payer: d.payer,
    ...(d.recipient ? { recipient: d.recipient } : {}),
    ...(d.priceList ? { priceList: { contentType: 'PriceList', id: d.priceList } } : {}),
    deal: d.deal,
    invoiceDate: day(d.invoiceDate),
    deadline: d.deadline ? day(d.deadline) : null,
    rows: d.rows.map(rowBody),
    invoiceTemplate: d.template ? { contentType: 'InvoiceTemplate', id: d.template } : null,
  };
  return settle((await api.post<Entity>(id ? `invoice/${id}` : 'invoice', body)).data);
}

/** setStatus moves an invoice (paid: a payment; drawn from paid: cancelled). */
export async function setStatus(id: string, status: string): Promise<Entity> {
  return settle((await api.post<Entity>(`invoice/${id}`, { contentType: 'Invoice', status })).data);
}

/** invoiceRows are an invoice's rows as the editor holds them. */
export async function invoiceRows(id: string): Promise<RowDraft[]> {
  const rows = (await api.get<Entity[]>(`invoice/${id}/rows`)).data ?? [];
  return rows.map((r) => {
    const onTop = !r.price && !!r.priceWithoutTax;
    const price = ((onTop ? r.priceWithoutTax : r.price) as { value?: number } | null)?.value ?? 0;
    const disc = r.discount as { type?: 'percent' | 'absolute'; valueInMain?: number } | null;
    return {
      id: String(r.id),
      offer: isLink(r.offer) ? { contentType: r.offer.contentType, id: String(r.offer.id) } : null,
      name: String(r.name ?? ''),
      quantity: Number(r.quantity ?? 1),
      unit: String((r.unit as { name?: string } | null)?.name ?? ''),
      price,
      vatRate: (r.tax as { rate?: number } | null)?.rate ?? null,
      vatOnTop: onTop,
      discountType: disc?.type ?? 'percent',
      discount: disc?.valueInMain ?? 0,
    };
  });
}

/** sendInvoice mails the invoice's PDF to the payer's client (or `to`); a created invoice becomes drawn. */
export async function sendInvoice(id: string, to: string): Promise<Entity> {
  const msg = (await api.post<Entity>(`invoice/${id}/send`, to.trim() ? { to: [to.trim()] } : {})).data;
  await settle((await api.get<Entity>(`invoice/${id}`)).data);
  return msg;
}
