// The org chart's shape: departments as a tree (parent links), each with
// its head (the employee on its head post) and its people (Employee.department).
import type { Entity } from '../../data/types';

export interface OrgNode {
  dept: Entity;
  head: Entity | null;
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
export function buildTree(depts: Entity[], heads: Entity[], people: Entity[]): { roots: OrgNode[]; loose: Entity[] } {
  const byId = new Map(people.map((p) => [p.id, p]));
  const nodes = new Map<string, OrgNode>();
  for (const d of depts) nodes.set(d.id, { dept: d, head: null, people: [], children: [] });
  for (const h of heads) {
    const n = nodes.get(idOf(h.department) ?? '');
    const who = byId.get(idOf(h.employee) ?? '');
    if (n && who && !n.head) n.head = who;
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
