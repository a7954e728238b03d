// The firing wizard's choices: one person for every area, and per area
// someone else if wanted; what is sent is one person (or nobody) for each
// area the employee holds roles in.
import type { Link } from '../../data/types';
import { AREAS, areaOf, emp, type Area } from './staffApi';

/** rolesByArea groups prepareFire's roles by area, keeping only those held. */
export function rolesByArea(roles: Record<string, number>): Map<Area, [string, number][]> {
  const out = new Map<Area, [string, number][]>();
  for (const area of AREAS) {
    const list = Object.entries(roles)
      .filter(([role, n]) => n > 0 && areaOf(role) === area)
      .sort(([a], [b]) => a.localeCompare(b));
    if (list.length) out.set(area, list);
  }
  return out;
}

/** plan is the fireJob body's areas: the override, else the one for all, else nobody (the roles stay). */
export function plan(held: Area[], all: string | null, byArea: Partial<Record<Area, string | null>>): Partial<Record<Area, Link | null>> {
  const out: Partial<Record<Area, Link | null>> = {};
  for (const area of held) {
    const who = byArea[area] ?? all;
    out[area] = who ? emp(who) : null;
  }
  return out;
}
