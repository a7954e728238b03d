import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS, listFields, moveColumn, readColumns, readSort, sortBy, toggleColumn } from './columns';

describe('client list columns', () => {
  it('asks only for the fields of the columns shown', () => {
    expect(listFields(['phone', 'email'])).toEqual(['name', 'firstName', 'lastName', 'middleName', 'isDropped', 'contactInfo']);
    expect(listFields(['balance', 'deals'])).toEqual(expect.arrayContaining(['balance', 'countDeals', 'summDeals']));
    expect(listFields([])).not.toContain('countDeals');
    expect(listFields(['type', 'status'])).toEqual(expect.arrayContaining(['type', 'status']));
  });

  it('reads a stored choice in the user\'s order, each once, the default when there is none', () => {
    expect(readColumns(['balance', 'phone', 'nonsense'])).toEqual(['balance', 'phone']);
    expect(readColumns(['phone', 'status', 'phone'])).toEqual(['phone', 'status']);
    expect(readColumns(null)).toEqual(DEFAULT_COLUMNS);
    expect(readColumns([])).toEqual([]);
  });

  it('shows a column last, hides one, and moves one a place within the shown', () => {
    expect(toggleColumn(['status', 'phone'], 'balance', true)).toEqual(['status', 'phone', 'balance']);
    expect(toggleColumn(['status', 'phone'], 'status', false)).toEqual(['phone']);
    expect(moveColumn(['status', 'phone', 'email'], 'email', -1)).toEqual(['status', 'email', 'phone']);
    expect(moveColumn(['status', 'phone'], 'status', -1)).toEqual(['status', 'phone']);
    expect(moveColumn(['status', 'phone'], 'phone', 1)).toEqual(['status', 'phone']);
  });

  it('orders the list by the orders it offers; anything else stored is the newest first', () => {
    expect(sortBy('timeUpdated:asc')).toEqual([{ fieldName: 'timeUpdated', desc: false }]);
    expect(sortBy('nextCommunicationDate:asc')).toEqual([{ fieldName: 'nextCommunicationDate', desc: false }]);
    expect(readSort('timeCreated:asc')).toBe('timeCreated:asc');
    expect(readSort('name:asc')).toBe('name:asc');
    expect(readSort('position:asc')).toBe('timeCreated:desc');
    expect(readSort(null)).toBe('timeCreated:desc');
  });
});
