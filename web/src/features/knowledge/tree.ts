// The article tree from the flat list the server answers: children under
// their parent in orderPos order, and the order a drag means.
import type { Entity } from '../../data/types';

export interface Node {
  article: Entity;
  depth: number;
}

const parentOf = (a: Entity) => ((a.parent as { id?: string } | null)?.id ?? '');

/** flatTree lists the articles depth first, as the tree shows them. */
export function flatTree(articles: Entity[]): Node[] {
  const under = new Map<string, Entity[]>();
  const ids = new Set(articles.map((a) => String(a.id)));
  for (const a of articles) {
    const p = ids.has(parentOf(a)) ? parentOf(a) : '';
    under.set(p, [...(under.get(p) ?? []), a]);
  }
  for (const list of under.values()) list.sort((x, y) => Number(x.orderPos ?? 0) - Number(y.orderPos ?? 0) || Number(x.id) - Number(y.id));
  const out: Node[] = [];
  const walk = (p: string, depth: number) => {
    for (const a of under.get(p) ?? []) {
      out.push({ article: a, depth });
      walk(String(a.id), depth + 1);
    }
  };
  walk('', 0);
  return out;
}

/** dropPosition: a row dragged down lands after its target, one dragged up before it. */
export function dropPosition(nodes: Node[], source: string, target: string): 'before' | 'after' {
  const at = (id: string) => nodes.findIndex((n) => String(n.article.id) === id);
  return at(source) > at(target) ? 'before' : 'after';
}
