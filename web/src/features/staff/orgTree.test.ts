import { describe, expect, it } from 'vitest';
import { buildTree, placeOf, within } from './orgTree';

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
    expect(roots[0].vacant).toBe(0);
    expect(within(roots[0], '2')).toBe(true);
    expect(within(roots[0].children[0], '2')).toBe(false);
  });
  it('shows a loop of old data at the top instead of losing it', () => {
    const { roots } = buildTree([d('1', '2'), d('2', '1')], [], []);
    expect(roots.length).toBeGreaterThan(0);
  });
});

describe('where a person stands', () => {
  const post = (dept: string, who: string) => ({ contentType: 'DepartmentVacancy', id: `p${dept}`, isHead: true, department: { contentType: 'Department', id: dept }, employee: { contentType: 'Employee', id: who } });
  const { roots } = buildTree([d('1'), d('2', '1')], [post('1', '10'), post('2', '20')], [e('10', '1'), e('11', '1'), e('20', '2'), e('21', '2')]);
  it('a member: the head of their department', () => {
    const p = placeOf(roots, '21');
    expect(p.department?.id).toBe('2');
    expect(p.manager?.id).toBe('20');
    expect(p.subordinates).toEqual([]);
  });
  it('a head: the head above, their people and the heads below', () => {
    expect(placeOf(roots, '20').manager?.id).toBe('10');
    expect(placeOf(roots, '20').subordinates.map((s) => s.id)).toEqual(['21']);
    expect(placeOf(roots, '10').manager).toBeNull();
    expect(placeOf(roots, '10').subordinates.map((s) => s.id)).toEqual(['11', '20']);
  });
});

describe('vacant posts', () => {
  it('counts the posts with nobody on them', () => {
    const vac = (id: string, dept: string) => ({ contentType: 'DepartmentVacancy', id, isHead: false, department: { contentType: 'Department', id: dept }, employee: null });
    const { roots } = buildTree([d('1')], [vac('a', '1'), vac('b', '1')], []);
    expect(roots[0].vacant).toBe(2);
    expect(roots[0].head).toBeNull();
  });
});
