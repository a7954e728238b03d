import { describe, expect, it } from 'vitest';
import { rowOfOffer } from './OfferPick';

describe('an offer as an invoice row', () => {
  it('takes the offer\'s name, unit, price and VAT, and names the offer', () => {
    const row = rowOfOffer({ contentType: 'Offer', id: '7', name: 'Стол', price: { value: 4500.5, currency: 'RUB' }, tax: { rate: 10 }, unit: { name: 'шт' } });
    expect(row).toMatchObject({ name: 'Стол', unit: 'шт', price: 4500.5, vatRate: 10, vatOnTop: false, quantity: 1, offer: { contentType: 'Offer', id: '7' } });
  });
  it('takes the price in the invoice\'s list when given, VAT included', () => {
    const row = rowOfOffer({ contentType: 'Offer', id: '9', name: 'Стул', priceWithoutTax: { value: 100, currency: 'RUB' }, tax: { rate: 20 } }, 90);
    expect(row).toMatchObject({ price: 90, vatOnTop: false, vatRate: 20 });
  });
  it('adds VAT on top when only the price before VAT is set, and has no VAT when the offer has none', () => {
    const row = rowOfOffer({ contentType: 'Offer', id: '8', name: 'Услуга', priceWithoutTax: { value: 100, currency: 'RUB' } });
    expect(row).toMatchObject({ price: 100, vatOnTop: true, vatRate: null, unit: '' });
  });
});
