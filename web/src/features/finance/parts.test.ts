import { describe, expect, it } from 'vitest';
import { converted, partFor } from './parts';

const rub = (value: number) => ({ value, currency: 'RUB' });

describe('partFor', () => {
  const parts = [
    { invoice: { contentType: 'Invoice', id: '5' }, sum: rub(600) },
    { invoice: { contentType: 'Invoice', id: '6' }, sum: rub(400) },
  ];
  it('finds an invoice part of an income', () => {
    expect(partFor(parts, '6')).toEqual(rub(400));
    expect(partFor(parts, '7')).toBeUndefined();
    expect(partFor(null, '5')).toBeUndefined();
  });
});

describe('converted', () => {
  it('tells an amount booked in another currency', () => {
    expect(converted(rub(1000), { value: 11.11, currency: 'USD' })).toBe(true);
    expect(converted(rub(1000), rub(1000))).toBe(false);
    expect(converted(rub(1000), null)).toBe(false);
  });
});
