import { describe, expect, it } from 'vitest';
import { buildTree, within } from './orgTree';

const d = (id: string, parent?: string, orderPos = 0) => ({ contentType: 'Department', id, name: `D${id}`, orderPos, parent: parent ? { contentType: 'Department', id: parent } : null });
const e = (id: string, dept?: string) => ({ contentType: 'Employee', id, name: `E${id}`, department: dept ? { contentType: 'Department', id: dept } : null });

describe('org chart tree', () => {
  it('nests departments, puts heads and people in them', () => {
    const { roots, loose } = buildTree([d('1'), d('2', '1', 2), d('3', '1', 1)],
      [{ contentType: 'DepartmentVacancy', id: '9', isHead: true, department: { contentType: 'Department', id: '2' }, employee: { contentType: 'Employee', id: '5' } }],
      [e('5', '2'), e('6', '2'), e('7')]);
    expect(roots.map((r) => r.dept.id)).toEqual(['1']);
    expect(roots[0].children.map((c) => c.dept.id)).toEqual(['3', '2']);
    expect(roots[0].children[1].head?.id).toBe('5');
    expect(roots[0].children[1].people.map((p) => p.id)).toEqual(['5', '6']);
    expect(loose.map((p) => p.id)).toEqual(['7']);
    expect(within(roots[0], '2')).toBe(true);
    expect(within(roots[0].children[0], '2')).toBe(false);
  });
  it('shows a loop of old data at the top instead of losing it', () => {
    const { roots } = buildTree([d('1', '2'), d('2', '1')], [], []);
    expect(roots.length).toBeGreaterThan(0);
  });
});
