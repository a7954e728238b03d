// How the finance screens write sums: kopecks as money text, in the deal
// screens' style.
import { money } from '../deal/money';

/** Values are an invoice's fields as the API answers them. */
type Values = Record<string, unknown>;

export const kopecksText = (k: bigint) => money({ value: Number(k) / 100, currency: 'RUB' });

/** round2 keeps a typed amount to the kopeck. */
export const round2 = (v: number) => Math.round(v * 100) / 100;

export const STATUSES = ['created', 'drawn', 'paid', 'rejected'] as const;
export const STATUS_COLOR: Record<string, string> = { created: 'gray', drawn: 'blue', paid: 'green', rejected: 'red' };

/** dateText writes a DateOnly in the reader's locale; '' for none. */
export const dateText = (v: unknown) => {
  const d = v as { year?: number; month?: number; day?: number } | null;
  return d?.year ? new Date(d.year, d.month ?? 0, d.day ?? 1).toLocaleDateString() : '';
};

/** kopecks is a Money value in whole kopecks (0 for none). */
export const kopecks = (v: unknown) => BigInt(Math.round(((v as { value?: number } | null)?.value ?? 0) * 100));

/** unpaidKopecks is what is left to pay of an invoice: nothing once it is rejected or paid over. */
export function unpaidKopecks(inv: Values): bigint {
  if (inv.status === 'rejected') return 0n;
  const left = kopecks(inv.sum) - kopecks(inv.paidSum);
  return left > 0n ? left : 0n;
}

/**
 * isOverdue is the server's "overdue" filter for one invoice (docs/finance.md):
 * created or drawn, its deadline before today (UTC).
 */
export function isOverdue(inv: Values, now: Date): boolean {
  const d = inv.deadline as { year?: number; month?: number; day?: number } | null | undefined;
  if (!d?.year || (inv.status !== 'created' && inv.status !== 'drawn')) return false;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Date.UTC(d.year, d.month ?? 0, d.day ?? 1) < today;
}

const currencyOf = (v: unknown) => (v as { currency?: string } | null)?.currency || 'RUB';

/** leftText is what is left to pay of an invoice, in its own currency. */
export const leftText = (inv: Values) =>
  money({ value: Number(unpaidKopecks(inv)) / 100, currency: currencyOf(inv.sum) });

/**
 * owedText adds up what is left to pay of invoices per currency (invoices
 * are never converted, docs/finance.md): "12 000 ₽", or "12 000 ₽ · 100 USD".
 */
export function owedText(invoices: Values[]): string {
  const by = new Map<string, bigint>();
  for (const inv of invoices) by.set(currencyOf(inv.sum), (by.get(currencyOf(inv.sum)) ?? 0n) + unpaidKopecks(inv));
  if (by.size === 0) by.set('RUB', 0n);
  return [...by].map(([currency, k]) => money({ value: Number(k) / 100, currency })).join(' · ');
}
