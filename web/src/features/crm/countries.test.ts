import { describe, expect, it } from 'vitest';
import { countryName } from './countries';

describe('a payer\'s country', () => {
  const list = [{ id: '1', name: 'Russia', isDefault: true }, { id: '276', name: 'Germany', isDefault: false }];
  it('is named as the list names it, in the interface\'s language', () => {
    expect(countryName(list, { contentType: 'Country', id: '276', name: 'Германия' })).toBe('Germany');
    expect(countryName(list, { contentType: 'Country', id: 1 })).toBe('Russia');
  });
  it('keeps the name of one the list lacks, and nothing for none', () => {
    expect(countryName(list, { contentType: 'Country', name: 'Нарния' })).toBe('Нарния');
    expect(countryName(list, null)).toBe('');
  });
});
