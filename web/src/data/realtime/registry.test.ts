import { describe, expect, it, vi } from 'vitest';
import { LOADED_TTL_MS } from './constants';
import { entityRoutes, RouteRegistry, typeRoutes } from './registry';
import { pageOf } from './tracking';

describe('loaded routes registry', () => {
  it('names the routes of a type and of a saved entity', () => {
    expect(typeRoutes('Task')).toEqual(['entity.created:Task', 'entity.updated:Task', 'entity.dropped:Task']);
    expect(entityRoutes('Task', '15')).toEqual(['entity.updated:Task:15', 'entity.dropped:Task:15']);
    expect(entityRoutes('Task', 'tmp-3')).toEqual([]);
  });

  it('counts holders, so a route stays while anyone holds it', () => {
    const r = new RouteRegistry();
    const changed = vi.fn();
    r.onChange(changed);
    const a = r.hold(['presence']);
    const b = r.hold(['presence']);
    a();
    a();
    expect(r.local()).toEqual(['presence']);
    b();
    expect(r.local()).toEqual([]);
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('keeps another tab routes for the time to live after its last announcement', () => {
    const r = new RouteRegistry();
    r.hold(['presence']);
    r.announce('tab-b', ['entity.updated:Deal'], 1000);
    expect(r.all()).toEqual(['entity.updated:Deal', 'presence']);
    r.prune(1000 + LOADED_TTL_MS - 1);
    expect(r.all()).toContain('entity.updated:Deal');
    r.announce('tab-b', ['entity.updated:Deal'], 1000 + LOADED_TTL_MS - 1);
    r.prune(1000 + LOADED_TTL_MS + 10);
    expect(r.all()).toContain('entity.updated:Deal');
    r.prune(1000 + 2 * LOADED_TTL_MS);
    expect(r.all()).toEqual(['presence']);
    r.announce('tab-c', ['x'], 0);
    r.forget('tab-c');
    expect(r.all()).toEqual(['presence']);
  });
});

describe('addresses', () => {
  const cards = [
    { contentType: 'ContractorCompany', path: /^\/crm\/([^/]+)\/card\/?$/, query: [['type', 'ContractorCompany']] as [string, string][] },
    { contentType: 'ContractorHuman', path: /^\/crm\/([^/]+)\/card\/?$/, query: [] },
    { contentType: 'Task', path: /^\/task\/([^/]+)\/card\/?$/, query: [] },
  ];
  const lists = new Map([['/entity/Deal', 'Deal']]);

  it('finds the open card and the list shown', () => {
    expect(pageOf('/task/5/card', '', cards, lists)).toEqual({ card: { contentType: 'Task', id: '5' } });
    expect(pageOf('/crm/3/card', '?type=ContractorCompany', cards, lists)).toEqual({ card: { contentType: 'ContractorCompany', id: '3' } });
    expect(pageOf('/crm/3/card', '', cards, lists)).toEqual({ card: { contentType: 'ContractorHuman', id: '3' } });
    expect(pageOf('/entity/Invoice/8/card', '', cards, lists)).toEqual({ card: { contentType: 'Invoice', id: '8' } });
    expect(pageOf('/entity/Deal', '', cards, lists)).toEqual({ list: 'Deal' });
    expect(pageOf('/settings', '', cards, lists)).toEqual({});
  });
});
