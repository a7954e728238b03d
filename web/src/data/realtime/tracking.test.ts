import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ingest, resetStore } from '../entities';
import { envelope, stubFetch } from '../fetchStub';
import { RouteRegistry } from './registry';
import { AutoTracker } from './tracking';

describe('automatic route tracking', () => {
  let stop = () => {};
  beforeEach(() => {
    resetStore();
    stubFetch(() => ({ body: envelope([]) }));
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  it('subscribes by type whatever the store received, and by entity the card the address shows', () => {
    const routes = new RouteRegistry();
    const tracker = new AutoTracker(routes);
    stop = tracker.start();
    tracker.learn(['Task', 'ContractorCompany', 'ContractorHuman', 'Deal']);
    ingest({ contentType: 'Deal', id: '2', name: 'x' });
    expect(routes.local()).toEqual(['entity.created:Deal', 'entity.dropped:Deal', 'entity.updated:Deal']);
    tracker.setLocation('/task/15/card', '');
    expect(routes.local()).toEqual([
      'entity.created:Deal',
      'entity.created:Task',
      'entity.dropped:Deal',
      'entity.dropped:Task',
      'entity.dropped:Task:15',
      'entity.updated:Deal',
      'entity.updated:Task',
      'entity.updated:Task:15',
    ]);
    tracker.setLocation('/crm/4/card', '?type=ContractorCompany');
    expect(routes.local()).toContain('entity.updated:ContractorCompany:4');
    expect(routes.local()).not.toContain('entity.updated:Task:15');
  });

  it('subscribes the type of the list the address shows, even while it is empty', () => {
    const routes = new RouteRegistry();
    const tracker = new AutoTracker(routes);
    stop = tracker.start();
    tracker.setLocation('/entity/Invoice', '');
    expect(routes.local()).toEqual(['entity.created:Invoice', 'entity.dropped:Invoice', 'entity.updated:Invoice']);
  });
});
