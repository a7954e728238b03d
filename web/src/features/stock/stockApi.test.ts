// @vitest-environment jsdom
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

describe('live balances', () => {
  it('hears every entity event of a consignment, and nothing else', async () => {
    const { isConsignmentEvent } = await import('./useStockEvents');
    expect(isConsignmentEvent('entity.updated:Consignment')).toBe(true);
    expect(isConsignmentEvent('entity.created:Consignment')).toBe(true);
    expect(isConsignmentEvent('entity.dropped:Consignment:15')).toBe(true);
    expect(isConsignmentEvent('entity.updated:ConsignmentRow')).toBe(false);
    expect(isConsignmentEvent('entity.updated:Offer')).toBe(false);
    expect(isConsignmentEvent('bums.call.user:7')).toBe(false);
  });
});
