import { describe, expect, it } from 'vitest';
import { draftTotal, rowKopecks } from './stockApi';
import { moveLabel, submitLabels } from './labels';

const t = ((k: string) => k) as never;

// The same cases as the server's tests (internal/module/stock, totals).
describe('consignment totals', () => {
  it('rounds each row half away from zero, exactly', () => {
    expect(rowKopecks({ offer: null, quantity: 2.5, price: 10.01 })).toBe(2503n);
    expect(draftTotal([{ offer: null, quantity: 3, price: 120 }, { offer: null, quantity: 2.5, price: 10.01 }])).toBe(385.03);
  });
});

describe('consignment labels', () => {
  it('words the submit button by the target state', () => {
    expect(submitLabels(t)).toEqual({ created: 'stock.submit.created', reserved: 'stock.submit.reserved', performed: 'stock.submit.performed', cancelled: 'stock.submit.cancelled' });
  });
  it('calls back to created a resume, or from a reserve its removal', () => {
    expect(moveLabel(t, 'performed', 'created')).toBe('stock.move.created');
    expect(moveLabel(t, 'reserved', 'created')).toBe('stock.move.unreserve');
  });
});
