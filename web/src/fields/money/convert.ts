// Building the Money value a form sends back: the server recomputes
// valueInMain from value and rate, so an edited amount never carries a stale
// one, and a changed currency drops the old currency's rate.
import type { Money } from '../../format/money';

export const DEFAULT_CURRENCY = 'RUB';
export const CURRENCIES = ['RUB', 'USD', 'EUR', 'KZT', 'BYN', 'UAH', 'AZN', 'TRY', 'CZK', 'VND', 'IDR', 'CNY', 'GBP'];

export function withAmount(prev: Money | null | undefined, amount: number | null): Money | null {
  if (amount === null) return null;
  const out: Money = { contentType: 'Money', value: amount, currency: prev?.currency ?? DEFAULT_CURRENCY };
  if (prev?.rate !== undefined) out.rate = prev.rate;
  return out;
}

export function withCurrency(prev: Money | null | undefined, currency: string): Money | null {
  const code = currency.trim().toUpperCase();
  if (!prev) return null;
  if (code === prev.currency) return prev;
  return { contentType: 'Money', value: prev.value, currency: code };
}

/** isCurrencyCode mirrors the server: three Latin capitals. */
export function isCurrencyCode(s: string): boolean {
  return /^[A-Z]{3}$/.test(s);
}
