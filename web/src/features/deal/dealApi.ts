// The deal calls beyond plain saves (docs/deal.md): transitions and the
// status history. A moved deal goes into the entity store, so the board,
// the list and the card showing it follow.
import { api } from '../../data/api';
import { ingest } from '../../data/entities';
import { reloadLists } from '../../data/lists';
import type { Entity } from '../../data/types';

/** applyTransition makes a transition; a refusal rejects with the server's reasons. */
export async function applyTransition(dealId: string, transitionId: string): Promise<Entity> {
  const deal = (await api.post<Entity>(`deal/${dealId}/applyTransition`, { contentType: 'ProgramTransition', id: transitionId })).data;
  ingest(deal, { full: true });
  // Column counts and filtered lists depend on the state.
  reloadLists('Deal');
  return deal;
}

/** applyTrigger runs a button scenario on the deal; a refusal rejects with the server's reasons. */
export async function applyTrigger(dealId: string, triggerId: string): Promise<Entity> {
  const deal = (await api.post<Entity>(`deal/${dealId}/applyTrigger`, { contentType: 'ProgramTrigger', id: triggerId })).data;
  ingest(deal, { full: true });
  reloadLists('Deal');
  return deal;
}

export interface StatusMove {
  id: string;
  fromStatus: { contentType: string; id: string } | null;
  toStatus: { contentType: string; id: string };
  toStatusUpdated: { value: string } | null;
  toStatusUser: { contentType: string; id: string } | null;
}

export async function statusHistory(dealId: string): Promise<StatusMove[]> {
  return (await api.get<StatusMove[]>(`deal/${dealId}/statusHistory`)).data ?? [];
}

export interface StateInfo {
  id: string;
  name: string;
  color?: string;
  type?: string;
  isEntry?: boolean;
  /** Rights per state (docs/deal.md): who may change its deals, and its read-only fields. */
  editRoles?: string[];
  editors?: { contentType: string; id: string }[];
  readOnlyFields?: string[];
}

/** programStates are a program's states in their order: the board's columns. */
export async function programStates(programId: string): Promise<StateInfo[]> {
  return ((await api.get<StateInfo[]>(`program/${programId}/states`)).data ?? []).map((s) => ({
    id: String(s.id), name: s.name, color: s.color, type: s.type, isEntry: s.isEntry,
    editRoles: s.editRoles ?? [], editors: (s.editors ?? []).map((l) => ({ contentType: l.contentType, id: String(l.id) })), readOnlyFields: s.readOnlyFields ?? [],
  }));
}
