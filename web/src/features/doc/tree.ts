// The folder tree from the flat folder list: each folder under its parent,
// by name; a folder whose parent the reader does not see stands at the root.
import type { Entity } from '../../data/types';

export interface FolderNode {
  folder: Entity;
  depth: number;
}

const parentId = (f: Entity) => (f.parent as { id?: string } | null)?.id ?? '';

/** flatTree orders folders as a tree is drawn: parents first, depth-indented. */
export function flatTree(folders: Entity[]): FolderNode[] {
  const ids = new Set(folders.map((f) => f.id));
  const under = new Map<string, Entity[]>();
  for (const f of folders) {
    const p = ids.has(parentId(f)) ? parentId(f) : '';
    under.set(p, [...(under.get(p) ?? []), f]);
  }
  const out: FolderNode[] = [];
  const walk = (p: string, depth: number) => {
    const kids = [...(under.get(p) ?? [])].sort((a, b) => String(a.name).localeCompare(String(b.name)));
    for (const f of kids) {
      out.push({ folder: f, depth });
      walk(f.id, depth + 1);
    }
  };
  walk('', 0);
  return out;
}
