import { describe, expect, it } from 'vitest';
import { plan, rolesByArea } from './fireState';

describe('firing wizard choices', () => {
  it('groups held roles by area in screen order', () => {
    const g = rolesByArea({ 'Deal.manager': 2, 'Task.responsible': 3, 'Task.auditors': 0, 'ReportFilter.owner': 1 });
    expect([...g.keys()]).toEqual(['tasks', 'deals', 'other']);
    expect(g.get('tasks')).toEqual([['Task.responsible', 3]]);
  });
  it('sends the override, else the one for all, else nobody', () => {
    expect(plan(['tasks', 'deals', 'clients'], '7', { deals: '9' })).toEqual({
      tasks: { contentType: 'Employee', id: '7' },
      deals: { contentType: 'Employee', id: '9' },
      clients: { contentType: 'Employee', id: '7' },
    });
    expect(plan(['tasks'], null, {})).toEqual({ tasks: null });
  });
});
