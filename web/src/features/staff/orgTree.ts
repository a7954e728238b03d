// The org chart's shape: departments as a tree (parent links), each with
// its head (the employee on its head post) and its people (Employee.department).
import type { Entity } from '../../data/types';

export interface OrgNode {
  dept: Entity;
  head: Entity | null;
  /** vacant posts: DepartmentVacancy rows with nobody on them */
  vacant: number;
  people: Entity[];
  children: OrgNode[];
}

const idOf = (v: unknown): string | undefined => {
  const l = v as { id?: string | number } | null | undefined;
  return l?.id === undefined || l?.id === null ? undefined : String(l.id);
};

/**
 * buildTree nests the departments under their parents, in orderPos then
 * name order; a department whose parent is missing (or a loop in old
 * data) is shown at the top rather than lost. People of no department
 * are answered apart.
 */
export function buildTree(depts: Entity[], posts: Entity[], people: Entity[]): { roots: OrgNode[]; loose: Entity[] } {
  const byId = new Map(people.map((p) => [p.id, p]));
  const nodes = new Map<string, OrgNode>();
  for (const d of depts) nodes.set(d.id, { dept: d, head: null, vacant: 0, people: [], children: [] });
  for (const h of posts) {
    const n = nodes.get(idOf(h.department) ?? '');
    if (n && !idOf(h.employee)) n.vacant++;
    const who = byId.get(idOf(h.employee) ?? '');
    if (n && who && h.isHead === true && !n.head) n.head = who;
  }
  const loose: Entity[] = [];
  for (const p of people) {
    const n = nodes.get(idOf(p.department) ?? '');
    if (n) n.people.push(p);
    else loose.push(p);
  }
  const roots: OrgNode[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(idOf(n.dept.parent) ?? '');
    if (parent && !isAbove(n, parent, nodes)) parent.children.push(n);
    else roots.push(n);
  }
  const order = (a: OrgNode, b: OrgNode) =>
    Number(a.dept.orderPos ?? 0) - Number(b.dept.orderPos ?? 0) || String(a.dept.name ?? '').localeCompare(String(b.dept.name ?? ''));
  const sort = (list: OrgNode[]) => {
    list.sort(order);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return { roots, loose };
}

/** isAbove: is node an ancestor of other (following parents from other)? Guards against loops. */
function isAbove(node: OrgNode, other: OrgNode, nodes: Map<string, OrgNode>): boolean {
  const seen = new Set<string>();
  let cur: OrgNode | undefined = other;
  while (cur && !seen.has(cur.dept.id)) {
    if (cur.dept.id === node.dept.id) return true;
    seen.add(cur.dept.id);
    cur = nodes.get(idOf(cur.dept.parent) ?? '');
  }
  return false;
}

/** within: is id the department itself or below it? A drop there would make a loop. */
export function within(node: OrgNode, id: string): boolean {
  return node.dept.id === id || node.children.some((c) => within(c, id));
}

export interface Place {
  department: Entity | null;
  manager: Entity | null;
  subordinates: Entity[];
}

/**
 * placeOf is where a person stands: their department; their manager, the
 * head of that department or, for its head, the nearest head above; and
 * their subordinates, the people of the departments they head and the
 * heads of the departments right below those.
 */
export function placeOf(roots: OrgNode[], id: string): Place {
  const parents = new Map<OrgNode, OrgNode | null>();
  const all: OrgNode[] = [];
  const walk = (list: OrgNode[], up: OrgNode | null) =>
    list.forEach((n) => {
      parents.set(n, up);
      all.push(n);
      walk(n.children, n);
    });
  walk(roots, null);
  const home = all.find((n) => n.people.some((p) => p.id === id)) ?? null;
  let manager: Entity | null = null;
  for (let n = home; n && !manager; n = parents.get(n) ?? null) {
    if (n.head && n.head.id !== id) manager = n.head;
  }
  const seen = new Set<string>([id]);
  const subordinates: Entity[] = [];
  const add = (e: Entity | null) => {
    if (e && !seen.has(e.id)) {
      seen.add(e.id);
      subordinates.push(e);
    }
  };
  for (const n of all.filter((n) => n.head?.id === id)) {
    n.people.forEach(add);
    n.children.forEach((c) => add(c.head));
  }
  return { department: home?.dept ?? null, manager, subordinates };
}
