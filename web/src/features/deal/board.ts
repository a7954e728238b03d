// The deal kanban's rules: deals grouped by state, and what a drop on a
// state column means, read off the deal's possibleTransitions (the
// server's answer for the reader: enabled, or refused with reasons).
import type { Entity } from '../../data/types';

export interface TransitionOption {
  id: string;
  name?: string;
  to?: { id: string };
  enabled?: boolean;
  reasons?: string[];
}

export const dealKey = (e: Entity) => `${e.contentType}:${e.id}`;

const stateOf = (e: Entity) => (e.state as { id?: string } | null | undefined)?.id;

/** groupByState: one list per state id, in list order; a deal being moved shows where it goes. */
export function groupByState(items: Entity[], states: string[], moving: Record<string, string>): Record<string, Entity[]> {
  const columns: Record<string, Entity[]> = Object.fromEntries(states.map((s) => [s, [] as Entity[]]));
  for (const item of items) {
    const st = moving[dealKey(item)] ?? stateOf(item);
    if (st && columns[st]) columns[st].push(item);
  }
  return columns;
}

export type Drop = { kind: 'same' } | { kind: 'none' } | { kind: 'refused'; reasons: string[] } | { kind: 'move'; transition: TransitionOption };

/** dropOn: what dropping a deal on a state does: the transition that leads there, why it is refused, or nothing leads there. */
export function dropOn(deal: Entity, state: string): Drop {
  if (stateOf(deal) === state) return { kind: 'same' };
  const options = (deal.possibleTransitions as TransitionOption[] | undefined) ?? [];
  const leading = options.filter((o) => o.to?.id === state);
  const open = leading.find((o) => o.enabled);
  if (open) return { kind: 'move', transition: open };
  if (leading.length === 0) return { kind: 'none' };
  return { kind: 'refused', reasons: leading.flatMap((o) => o.reasons ?? []) };
}

export function currentState(deal: Entity): string | undefined {
  return stateOf(deal);
}
