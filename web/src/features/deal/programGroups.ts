// The deals bar's programs by their group (Program.programGroup): each
// group with its programs, in the order the groups were made, then the
// programs of no group.
import type { Entity } from '../../data/types';

export interface ProgramSection {
  /** null for the programs of no group. */
  group: Entity | null;
  programs: Entity[];
}

const groupId = (p: Entity) => {
  const g = p.programGroup as { id?: unknown } | null | undefined;
  return g?.id !== undefined && g?.id !== null ? String(g.id) : null;
};

/** sectionsOf groups programs; a program naming a group not in the list counts as of no group. */
export function sectionsOf(programs: Entity[], groups: Entity[]): ProgramSection[] {
  const known = [...groups].sort((a, b) => Number(a.id) - Number(b.id));
  const ids = new Set(known.map((g) => String(g.id)));
  const sections = known.map((g) => ({ group: g, programs: programs.filter((p) => groupId(p) === String(g.id)) }));
  const loose = programs.filter((p) => !ids.has(groupId(p) ?? ''));
  return loose.length ? [...sections, { group: null, programs: loose }] : sections;
}
