import { describe, expect, it } from 'vitest';
import { filterPath, listFilter, openedType, panelModel, type TaskFilter } from './filters';

const filters: TaskFilter[] = [
  { contentType: 'TaskFilter', id: 'any', title: 'Все задачи', count: 480, isSystem: true },
  { contentType: 'TaskFilter', id: 'actual', title: 'Актуальные', count: 285, isSystem: true },
  { contentType: 'TaskFilter', id: '12', title: 'Мои проекты', count: 3, isSystem: false },
  { contentType: 'TaskFilter', id: '13', title: '  ', count: null, isSystem: false },
];
const untitled = (id: string) => `Filter ${id}`;

describe('panelModel', () => {
  it('puts built-in filters first, saved ones after, with their counts and addresses', () => {
    const m = panelModel(filters, 'actual', untitled);
    expect(m.builtIn.map((i) => [i.id, i.count, i.path])).toEqual([
      ['any', 480, '/task/filter/any'],
      ['actual', 285, '/task/filter/actual'],
    ]);
    expect(m.saved.map((i) => [i.id, i.title, i.count])).toEqual([
      ['12', 'Мои проекты', 3],
      ['13', 'Filter 13', undefined],
    ]);
  });

  it('marks the filter of the address, and "any" when the address names none', () => {
    expect(panelModel(filters, '12', untitled).saved[0].selected).toBe(true);
    expect(panelModel(filters, '12', untitled).title).toBe('Мои проекты');
    const none = panelModel(filters, undefined, untitled);
    expect(none.builtIn.filter((i) => i.selected).map((i) => i.id)).toEqual(['any']);
    expect(none.title).toBe('Все задачи');
  });
});

describe('addresses and list filters', () => {
  it('opens a task or a project beside the list', () => {
    expect(filterPath('actual', { contentType: 'Task', id: '5' })).toBe('/task/filter/actual/task/5');
    expect(filterPath(undefined, { contentType: 'Project', id: '3' })).toBe('/task/filter/any/project/3');
    expect(filterPath(undefined)).toBe('/task/filter');
    expect(openedType('project')).toBe('Project');
    expect(openedType(undefined)).toBe('Task');
  });

  it('asks the server with the filter link; all work and templates by isTemplate, so search can join them', () => {
    expect(listFilter('actual')).toEqual({ contentType: 'TaskFilter', id: 'actual' });
    expect(listFilter('12')).toEqual({ contentType: 'TaskFilter', id: '12' });
    const term = (f: unknown) => (f as { termGroup: { terms: { field: string; value: unknown }[] } }).termGroup.terms[0];
    for (const id of [undefined, 'any']) expect(term(listFilter(id))).toMatchObject({ field: 'isTemplate', value: false });
    expect(term(listFilter('templates'))).toMatchObject({ field: 'isTemplate', value: true });
  });
});
