import { describe, expect, it } from 'vitest';
import { addTarget } from './addForms';

describe('addTarget', () => {
  it('maps every entity of the spec', () => {
    expect(addTarget('/task/add')).toEqual({ contentType: 'Task' });
    expect(addTarget('/task/add', '?type=project')).toEqual({ contentType: 'Project' });
    expect(addTarget('/crm/add')).toEqual({ contentType: 'ContractorHuman' });
    expect(addTarget('/crm/add', '?type=company')).toEqual({ contentType: 'ContractorCompany' });
    expect(addTarget('/deals/add')).toEqual({ contentType: 'Deal' });
    expect(addTarget('/staff/add')).toEqual({ contentType: 'Employee' });
    expect(addTarget('/event/add')).toEqual({ contentType: 'Todo' });
    expect(addTarget('/offers/add')).toEqual({ contentType: 'Offer' });
    expect(addTarget('/consignments/add')).toEqual({ contentType: 'Consignment' });
  });
  it('fixes the program of a business process', () => {
    expect(addTarget('/bp/3/add')).toEqual({ contentType: 'Deal', fixed: { program: { contentType: 'Program', id: '3' } } });
    expect(addTarget('/deals/list/-1/bp/3/add')?.fixed).toEqual({ program: { contentType: 'Program', id: '3' } });
  });
  it('matches at the end of any address', () => {
    expect(addTarget('/task/filter/5/task/add')).toEqual({ contentType: 'Task' });
    expect(addTarget('/crm/filter/crm/add/')).toEqual({ contentType: 'ContractorHuman' });
  });
  it('refuses other addresses', () => {
    expect(addTarget('/add')).toBeUndefined();
    expect(addTarget('/unknown/add')).toBeUndefined();
    expect(addTarget('/task/add/more')).toBeUndefined();
  });
});
