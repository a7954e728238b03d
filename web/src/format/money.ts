// Money values (internal/value/field_money.go): {contentType:"Money", value,
// currency, valueInMain, rate}. Spec 000 §5: two decimals, 0 to 2 when short.
import i18next from 'i18next';

export interface Money {
  contentType: 'Money';
  value: number;
  currency?: string;
  valueInMain?: number;
  rate?: number;
}

export function isMoney(v: unknown): v is Money {
  return typeof v === 'object' && v !== null && (v as Money).contentType === 'Money' && typeof (v as Money).value === 'number';
}

function formatter(locale: string, currency: string | undefined, short: boolean): Intl.NumberFormat {
  const digits = { minimumFractionDigits: short ? 0 : 2, maximumFractionDigits: 2 };
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency, ...digits });
    } catch {
      // an unknown currency code: the amount alone, the code is appended below
    }
  }
  return new Intl.NumberFormat(locale, digits);
}

/**
 * formatMoney writes a Money value or a bare amount in the interface's
 * language: "1 430 000,00 ₽", or "1 430 000 ₽" in the short form.
 */
export function formatMoney(value: Money | number | null | undefined, short = false, locale = i18next.language || 'ru'): string {
  if (value === null || value === undefined) return '';
  const amount = typeof value === 'number' ? value : value.value;
  const currency = typeof value === 'number' ? undefined : value.currency;
  if (!Number.isFinite(amount)) return '';
  const f = formatter(locale, currency, short);
  const out = f.format(amount);
  return currency && f.resolvedOptions().style !== 'currency' ? `${out} ${currency}` : out;
}
