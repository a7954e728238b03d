// An income's parts per invoice (FinOperation.invoiceSums), for the
// operations journal and the invoice card.
import type { Link } from '../../data/types';

export interface InvoicePart {
  invoice: Link;
  sum: { value: number; currency: string };
}

/** partFor is the part of an income paying one invoice, undefined when it keeps none. */
export function partFor(invoiceSums: unknown, invoiceId: string): InvoicePart['sum'] | undefined {
  if (!Array.isArray(invoiceSums)) return undefined;
  const hit = (invoiceSums as InvoicePart[]).find((p) => String(p?.invoice?.id) === invoiceId);
  return hit?.sum;
}

/** converted tells an operation booked on its account in another currency than its sum. */
export function converted(sum: unknown, accountSum: unknown): boolean {
  const a = sum as { currency?: string } | null;
  const b = accountSum as { currency?: string } | null;
  return !!a && !!b && (a.currency ?? 'RUB') !== (b.currency ?? 'RUB');
}
