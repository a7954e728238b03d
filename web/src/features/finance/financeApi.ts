// Finance operations and accounts (docs/finance.md, "Operations"): a
// payment is an income naming the invoice; the server keeps the
// invoice's paid sum and status, the deal's debt and the balances, so
// after a write the screens re-read what it moved.
import { api } from '../../data/api';
import { sendForm } from '../../data/transport';
import { ingest } from '../../data/entities';
import { reloadLists } from '../../data/lists';
import type { Entity, Link } from '../../data/types';
import { round2 } from './format';

const rub = (v: number) => ({ contentType: 'Money', value: round2(v), currency: 'RUB' });
const account = (id: string): Link => ({ contentType: 'FinRealAccount', id });

/** refresh re-reads an invoice and its deal, and reloads the finance lists. */
async function refresh(invoiceId?: string) {
  reloadLists('FinOperation');
  reloadLists('FinRealAccount');
  reloadLists('Invoice');
  if (!invoiceId) return;
  const inv = (await api.get<Entity>(`invoice/${invoiceId}`)).data;
  ingest(inv, { full: true });
  const deal = inv.deal as Link | null;
  if (deal) ingest((await api.get<Entity>(`deal/${deal.id}`)).data, { full: true });
}

/** registerPayment records an income on an account paying (part of) an invoice. */
export async function registerPayment(invoiceId: string, accountId: string, sum: number): Promise<void> {
  await api.post('finOperation', {
    contentType: 'FinOperation',
    kind: 'income',
    sum: rub(sum),
    realAccount: account(accountId),
    invoices: [{ contentType: 'Invoice', id: invoiceId }],
  });
  await refresh(invoiceId);
}

/** addOperation records an income or an expense. */
export async function addOperation(kind: 'income' | 'expense', accountId: string, sum: number, description: string): Promise<void> {
  await api.post('finOperation', { contentType: 'FinOperation', kind, sum: rub(sum), realAccount: account(accountId), description });
  await refresh();
}

/** transfer moves money between two accounts: two paired operations. */
export async function transfer(from: string, to: string, sum: number, description: string): Promise<void> {
  await api.post('finOperation/createTransfer', {
    contentType: 'CreateFinTransferRequest',
    sum: rub(sum),
    debitAccount: account(from),
    creditAccount: account(to),
    description,
  });
  await refresh();
}

/** deleteOperation removes an operation (a transfer with its other half). */
export async function deleteOperation(id: string): Promise<void> {
  await api.delete(`finOperation/${id}`);
  await refresh();
}

export interface AccountDraft {
  name: string;
  kind: 'cash' | 'bank';
  number: string;
  bankName: string;
  bik: string;
  /** the Currency entity's id; null keeps the balance in rubles */
  currency: string | null;
}

/** addAccount opens a cash desk or a bank account. */
export async function addAccount(d: AccountDraft): Promise<void> {
  const { currency, ...rest } = d;
  await api.post('finRealAccount', {
    contentType: 'FinRealAccount',
    ...rest,
    ...(currency ? { currency: { contentType: 'Currency', id: currency } } : {}),
  });
  reloadLists('FinRealAccount');
}

/** setPublicLink makes a new public link to the invoice's PDF (on) or revokes it. */
export async function setPublicLink(invoiceId: string, on: boolean): Promise<Entity> {
  const res = on ? await api.post<Entity>(`invoice/${invoiceId}/publicLink`) : await api.delete<Entity>(`invoice/${invoiceId}/publicLink`);
  ingest(res.data, { full: true });
  return res.data;
}

/** pdfHref is the signed-in address of an invoice's PDF. */
export const pdfHref = (invoiceId: string) => `/api/v3/invoice/${invoiceId}/pdf`;

export interface Imported {
  preview: boolean;
  imported: number;
  skipped: number;
  matched: number;
  lines: PlanLine[];
  digest: string;
}

export interface PlanPart {
  invoice: Link;
  number: string;
  sum: { value: number; currency: string };
}

/** PlanLine is a statement line and what it books (docs/finance.md, "Bank statement import"). */
export interface PlanLine {
  date: string;
  number: string;
  sum: { value: number; currency: string };
  income: boolean;
  party: string;
  partyInn: string;
  purpose: string;
  skipped: boolean;
  invoices: PlanPart[];
}

/**
 * importStatement previews a bank statement (1C exchange file or CSV) on
 * an account, or books it; a booking naming a preview's digest books
 * exactly that preview or nothing.
 */
export async function importStatement(accountId: string, file: File, opts: { preview?: boolean; digest?: string } = {}): Promise<Imported> {
  const form = new FormData();
  form.append('realAccount', accountId);
  form.append('file', file);
  if (opts.preview) form.append('preview', 'true');
  if (opts.digest) form.append('digest', opts.digest);
  const res = await sendForm<Imported>('/api/v3/finOperation/importStatement', form);
  if (!opts.preview) await refresh();
  return res.data;
}
