// What a previewed statement line will do, for the preview's table.
import type { PlanLine } from './financeApi';

export type LineState = 'skipped' | 'expense' | 'matched' | 'unmatched';

/** lineState says how a line is booked: skipped, an expense, an income paying invoices or none. */
export function lineState(l: PlanLine): LineState {
  if (l.skipped) return 'skipped';
  if (!l.income) return 'expense';
  return l.invoices.length > 0 ? 'matched' : 'unmatched';
}

/** countStates counts the preview's lines by state. */
export function countStates(lines: PlanLine[]): Record<LineState, number> {
  const out: Record<LineState, number> = { skipped: 0, expense: 0, matched: 0, unmatched: 0 };
  for (const l of lines) out[lineState(l)]++;
  return out;
}
