import { describe, expect, it } from 'vitest';
import { typeParam } from './routes';
import { firstContacts, nameOf } from './ClientAddPage';
import { listFilter } from './ClientListPage';

describe('client screens', () => {
  it('reads the list filter from the address', () => {
    expect(listFilter(undefined)).toEqual({ contentType: 'CrmFilter', id: 'all' });
    expect(listFilter('dropped')).toEqual({ contentType: 'CrmFilter', id: 'dropped' });
    expect(listFilter('mine')).toEqual({ contentType: 'CrmFilter', id: 'mine' });
    expect(listFilter('12')).toEqual({ contentType: 'CrmFilter', id: '12' });
    expect(listFilter('junk')).toEqual({ contentType: 'CrmFilter', id: 'all' });
  });

  it('reads the card type, leaving an absent one to the server', () => {
    expect(typeParam('ContractorCompany')).toBe('ContractorCompany');
    expect(typeParam('company')).toBe('ContractorCompany');
    expect(typeParam('human')).toBe('ContractorHuman');
    expect(typeParam(null)).toBeUndefined();
  });

  it('turns the form into contact info and a name', () => {
    expect(firstContacts(' 8 912 ', '')).toEqual([{ contentType: 'ContactInfo', type: 'phone', value: '8 912' }]);
    expect(firstContacts('', '')).toEqual([]);
    expect(nameOf('ContractorHuman', { firstName: 'Ольга ', lastName: 'Журавлёва' })).toBe('Журавлёва Ольга');
    expect(nameOf('ContractorCompany', { name: ' ООО «А» ' })).toBe('ООО «А»');
  });
});
