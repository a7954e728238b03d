// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { helpPath, helpTopic, menuModule, moduleSection } from './sections';
import { menuIdFor, menuItemTarget } from './legacyMenu';

describe('module sections', () => {
  it('maps every module of the spec', () => {
    expect(moduleSection('desktop')).toBe('dashboard');
    expect(moduleSection('crm')).toBe('clients');
    expect(moduleSection('employee')).toBe('staff');
    expect(moduleSection('task')).toBe('tasks');
    expect(moduleSection('deal')).toBe('deals');
    expect(moduleSection('bpm')).toBe('deals');
    expect(moduleSection('todo')).toBe('todos');
    expect(moduleSection('report')).toBe('reports');
    expect(moduleSection('invoice')).toBe('invoices');
    expect(moduleSection('finance')).toBe('finances');
    expect(moduleSection('doc')).toBe('documents');
    expect(moduleSection('discuss')).toBe('discussions');
    expect(moduleSection('knowledge')).toBeUndefined();
  });
  it('gives help paths per menu item', () => {
    expect(menuModule('crm')).toBe('crm');
    expect(helpPath('crm')).toBe('/help/clients');
    expect(helpPath('staff')).toBe('/help/staff');
    expect(helpPath('desktop')).toBe('/help/dashboard');
    expect(helpPath('knowledge')).toBe('/help/knowledge');
    expect(helpPath('help')).toBeUndefined();
    expect(helpTopic('/help/clients/x')).toBe('clients');
    expect(helpTopic('/help')).toBeUndefined();
  });
});

describe('menu ids of addresses', () => {
  it('finds the area of new and old addresses', () => {
    expect(menuIdFor('/task/filter/5')).toBe('tasks');
    expect(menuIdFor('/project/3/card')).toBe('tasks');
    expect(menuIdFor('/time/week')).toBe('todo');
    expect(menuIdFor('/bp/sales/list')).toBe('deals');
    expect(menuIdFor('/consignments/filter')).toBe('warehouse');
    expect(menuIdFor('/admin/offer/list')).toBe('offers');
    expect(menuIdFor('/support')).toBe('help');
    expect(menuIdFor('/salary/show')).toBe('staff');
    expect(menuIdFor('/menuitem/crm')).toBe('crm');
    expect(menuIdFor('/')).toBeUndefined();
    expect(menuIdFor('/nowhere')).toBeUndefined();
  });
  it('opens a menu item by id', () => {
    const items = [{ id: 'crm', url: '/crm/filter' }];
    expect(menuItemTarget(items, 'crm')).toBe('/crm/filter');
    expect(menuItemTarget(items, 'tasks')).toBeUndefined();
  });
});
