// The process editor's calls (docs/deal.md): a program's states,
// transitions and triggers read and written through the generic
// ProgramState, ProgramTransition and ProgramTrigger routes.
import { api } from '../../data/api';
import { reloadLists } from '../../data/lists';
import { programStates, type StateInfo } from './dealApi';

type Ref = { contentType: string; id: string };

export interface TransitionInfo {
  id: string;
  name: string;
  from: string;
  to: string;
  requiredFields: string[];
  allowed: string[];
  /** condition: the rule object the deal must meet (RuleEditor). */
  condition?: unknown;
}

export interface TriggerInfo {
  id: string;
  name: string;
  type: string;
  params: string;
  /** rule: the condition object (docs/deal.md "Conditions"), absent when none. */
  rule?: unknown;
  orderPosition?: number;
}

export interface Process {
  name: string;
  /** group: the program's ProgramGroup id, null when it is in none. */
  group: string | null;
  states: StateInfo[];
  transitions: TransitionInfo[];
  triggers: TriggerInfo[];
}

const link = (contentType: string, id: string): Ref => ({ contentType, id });

function parseRule(rule: unknown): { requiredFields: string[]; allowed: string[]; condition?: unknown } {
  try {
    const r = JSON.parse(String(rule || '{}')) as { requiredFields?: string[]; allowed?: string[]; condition?: unknown };
    return { requiredFields: r.requiredFields ?? [], allowed: r.allowed ?? [], condition: r.condition };
  } catch {
    return { requiredFields: [], allowed: [] };
  }
}

/** loadProcess reads a program with its states in order, their transitions and its triggers. */
export async function loadProcess(programId: string): Promise<Process> {
  const [program, states, triggers] = await Promise.all([
    api.get<{ name?: string; programGroup?: Ref | null }>(`program/${programId}`, { fields: ['name', 'programGroup'] }),
    programStates(programId),
    api.get<TriggerInfo[]>(`program/${programId}/triggers`),
  ]);
  const ids = new Set(states.map((s) => s.id));
  // Transitions name their states, not their program: keep this program's.
  const all = (await api.get<{ id: string; name?: string; from?: Ref; to?: Ref; rule?: string }[]>('programTransition', { limit: 500, fields: ['name', 'from', 'to', 'rule'] })).data ?? [];
  const transitions = all
    .filter((t) => t.from && t.to && ids.has(String(t.from.id)))
    .map((t) => ({ id: String(t.id), name: t.name ?? '', from: String(t.from!.id), to: String(t.to!.id), ...parseRule(t.rule) }))
    // In the order they were made, as the server checks them.
    .sort((a, b) => Number(a.id) - Number(b.id));
  const group = program.data?.programGroup?.id;
  return { name: program.data?.name ?? '', group: group ? String(group) : null, states, transitions, triggers: (triggers.data ?? []).map((t) => ({ ...t, id: String(t.id) })) };
}

export async function createProgram(name: string): Promise<string> {
  const r = await api.post<{ id: string }>('program', { name });
  reloadLists('Program');
  return String(r.data.id);
}

export async function renameProgram(id: string, name: string) {
  await api.post(`program/${id}`, { name });
  reloadLists('Program');
}

/** setProgramGroup puts the program in a group, or in none; the deals bar shows it there. */
export async function setProgramGroup(id: string, group: string | null) {
  await api.post(`program/${id}`, { programGroup: group ? link('ProgramGroup', group) : null });
  reloadLists('Program');
}

/** createGroup makes a program group and answers its id. */
export async function createGroup(name: string): Promise<string> {
  const r = await api.post<{ id: string }>('programGroup', { name });
  reloadLists('ProgramGroup');
  return String(r.data.id);
}

export async function addState(programId: string, name: string, type: string, isEntry: boolean) {
  await api.post('programState', { name, type, isEntry, color: type === 'positive' ? 'green' : type === 'negative' ? 'red' : 'blue', program: link('Program', programId) });
}

export async function saveState(id: string, fields: Partial<{ name: string; color: string; type: string; isEntry: boolean; orderPosition: number }>) {
  await api.post(`programState/${id}`, fields);
}

/** saveStateRights writes who may change a state's deals and its read-only fields (all three, as edited). */
export async function saveStateRights(id: string, rights: { editRoles: string[]; editors: Ref[]; readOnlyFields: string[] }) {
  await api.post(`programState/${id}`, rights);
}

/** moveState puts a state one place earlier or later and numbers them all in the new order. */
export async function moveState(states: StateInfo[], index: number, by: -1 | 1) {
  const order = [...states];
  const [s] = order.splice(index, 1);
  order.splice(index + by, 0, s);
  for (const [i, st] of order.entries()) await saveState(st.id, { orderPosition: i + 1 });
}

const rule = (requiredFields: string[], allowed: string[], condition?: unknown) =>
  requiredFields.length || allowed.length || condition
    ? JSON.stringify({ ...(requiredFields.length ? { requiredFields } : {}), ...(allowed.length ? { allowed } : {}), ...(condition ? { condition } : {}) })
    : '';

export async function addTransition(name: string, from: string, to: string, requiredFields: string[], allowed: string[]) {
  await api.post('programTransition', { name, from: link('ProgramState', from), to: link('ProgramState', to), rule: rule(requiredFields, allowed) });
}

export async function saveTransition(id: string, requiredFields: string[], allowed: string[], condition?: unknown) {
  await api.post(`programTransition/${id}`, { rule: rule(requiredFields, allowed, condition) });
}

/** dropState deletes a state; its deals go to moveTo first (the server refuses while deals are in it without one). */
export async function dropState(id: string, moveTo: string | null) {
  await api.delete(`programState/${id}`, moveTo ? { moveTo } : undefined);
}

export async function dropTransition(id: string) {
  await api.delete(`programTransition/${id}`);
}

/** addTrigger makes a scenario; orderPosition puts it after the others (one without runs first); rule: its condition, if any. */
export async function addTrigger(programId: string, name: string, type: string, params: object, orderPosition: number, rule?: unknown) {
  await api.post('programTrigger', { name, type, orderPosition, program: link('Program', programId), params: JSON.stringify(params), ...(rule ? { rule } : {}) });
}

/** saveTrigger writes a trigger's changed parts; a rule of null clears its condition. */
export async function saveTrigger(id: string, fields: Partial<{ name: string; type: string; params: object; rule: unknown; orderPosition: number }>) {
  const { params, ...rest } = fields;
  await api.post(`programTrigger/${id}`, { ...rest, ...(params ? { params: JSON.stringify(params) } : {}) });
}

export async function dropTrigger(id: string) {
  await api.delete(`programTrigger/${id}`);
}
