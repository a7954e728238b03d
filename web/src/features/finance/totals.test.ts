import { describe, expect, it } from 'vitest';
import { invoiceTotals, rowSums, type RowDraft } from './totals';

const row = (r: Partial<RowDraft>): RowDraft => ({ name: 'x', quantity: 1, unit: '', price: 0, vatRate: null, vatOnTop: false, discountType: 'percent', discount: 0, ...r });

// The same cases as the server's tests (internal/module/finance, deal).
describe('invoice totals', () => {
  it('rounds VAT included per row', () => {
    expect(rowSums(row({ price: 33.33, quantity: 3, vatRate: 20 }))).toEqual({ sum: 9999n, withoutTax: 8333n, tax: 1666n });
    const three = [1, 2, 3].map(() => row({ price: 33.33, quantity: 3, vatRate: 20 }));
    expect(invoiceTotals(three)).toEqual({ sum: 29997n, tax: 4998n });
  });
  it('adds VAT on top after a percent discount', () => {
    expect(rowSums(row({ price: 99.99, quantity: 2.5, vatRate: 20, vatOnTop: true, discount: 10 }))).toEqual({ sum: 26998n, withoutTax: 22498n, tax: 4500n });
  });
  it('takes an absolute discount off exact decimals', () => {
    expect(rowSums(row({ price: 0.1, quantity: 7, discountType: 'absolute', discount: 0.05 })).sum).toBe(65n);
  });
  it('rounds 10 % included to the kopeck', () => {
    expect(rowSums(row({ price: 1.01, vatRate: 10 }))).toEqual({ sum: 101n, withoutTax: 92n, tax: 9n });
  });
});
