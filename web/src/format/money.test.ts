import { describe, expect, it } from 'vitest';
import { formatMoney, isMoney } from './money';

// Intl writes narrow no-break spaces as group separators; compare plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('shows two decimals and the currency', () => {
    expect(plain(formatMoney({ contentType: 'Money', value: 1430000, currency: 'RUB' }, false, 'ru'))).toBe('1 430 000,00 ₽');
    expect(plain(formatMoney({ contentType: 'Money', value: 12.5, currency: 'USD' }, false, 'en'))).toBe('$12.50');
  });

  it('shows 0 to 2 decimals in the short form', () => {
    expect(plain(formatMoney({ contentType: 'Money', value: 1430000, currency: 'RUB' }, true, 'ru'))).toBe('1 430 000 ₽');
    expect(plain(formatMoney({ contentType: 'Money', value: 12.5, currency: 'USD' }, true, 'en'))).toBe('$12.5');
    expect(plain(formatMoney({ contentType: 'Money', value: 12.345, currency: 'USD' }, true, 'en'))).toBe('$12.35');
  });

  it('formats a bare amount without a currency', () => {
    expect(plain(formatMoney(1234.5, false, 'ru'))).toBe('1 234,50');
  });

  it('is empty for no value', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });

  it('keeps a malformed currency code beside the amount', () => {
    expect(plain(formatMoney({ contentType: 'Money', value: 5, currency: 'rub!' }, false, 'en'))).toBe('5.00 rub!');
  });

  it('recognises Money objects', () => {
    expect(isMoney({ contentType: 'Money', value: 1 })).toBe(true);
    expect(isMoney({ contentType: 'DateTime', value: '2026' })).toBe(false);
    expect(isMoney(5)).toBe(false);
  });
});
