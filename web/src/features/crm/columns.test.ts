import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS, listFields, readColumns } from './columns';

describe('client list columns', () => {
  it('asks only for the fields of the columns shown', () => {
    expect(listFields(['phone', 'email'])).toEqual(['name', 'firstName', 'lastName', 'middleName', 'isDropped', 'contactInfo']);
    expect(listFields(['balance', 'deals'])).toEqual(expect.arrayContaining(['balance', 'countDeals', 'summDeals']));
    expect(listFields([])).not.toContain('countDeals');
    expect(listFields(['type', 'status'])).toEqual(expect.arrayContaining(['type', 'status']));
  });

  it('reads a stored choice in the list order, the default when there is none', () => {
    expect(readColumns(['balance', 'phone', 'nonsense'])).toEqual(['phone', 'balance']);
    expect(readColumns(['phone', 'status'])).toEqual(['status', 'phone']);
    expect(readColumns(null)).toEqual(DEFAULT_COLUMNS);
    expect(readColumns([])).toEqual([]);
  });
});
