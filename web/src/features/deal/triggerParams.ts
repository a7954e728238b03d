// A scenario's params (docs/deal.md "Triggers": states, allowed, actions)
// as the editor's form, and the small list moves it makes.
import type { Link } from './ruleModel';

export interface Action {
  type: string;
  template?: string;
  name?: string;
  inDays?: number;
  field?: string;
  value?: unknown;
  text?: string;
  url?: string;
}

export interface TriggerParams {
  states: string[];
  allowed: string[];
  actions: Action[];
}

export const ACTIONS = ['message', 'createTodo', 'createTask', 'setField', 'webhook'];

/** SETTABLE are the Deal fields a setField action writes from the editor, with how its value is typed. */
export const SETTABLE: { name: string; kind: 'text' | 'money' | 'link'; targets?: string[] }[] = [
  { name: 'name', kind: 'text' },
  { name: 'description', kind: 'text' },
  { name: 'price', kind: 'money' },
  { name: 'cost', kind: 'money' },
  { name: 'manager', kind: 'link', targets: ['Employee', 'Group'] },
  { name: 'contractor', kind: 'link', targets: ['ContractorCompany', 'ContractorHuman'] },
  { name: 'contact', kind: 'link', targets: ['ContractorCompany', 'ContractorHuman'] },
];

/** ARG names the one text an action mostly needs: the message, the to-do, the template's id, the address. */
export const ARG: Record<string, 'text' | 'name' | 'template' | 'url'> = { message: 'text', createTodo: 'name', createTask: 'template', webhook: 'url' };

export function parseParams(params: string): TriggerParams {
  try {
    const p = JSON.parse(params || '{}') as Partial<TriggerParams>;
    return { states: p.states ?? [], allowed: p.allowed ?? [], actions: p.actions ?? [] };
  } catch {
    return { states: [], allowed: [], actions: [] };
  }
}

/** newAction is a fresh action of a type; a to-do is for tomorrow, as a manager would usually want. */
export function newAction(type: string): Action {
  switch (type) {
    case 'createTodo':
      return { type, name: '', inDays: 1 };
    case 'setField':
      return { type, field: 'description', value: '' };
    default:
      return { type, [ARG[type]]: '' };
  }
}

/** cleanAction keeps only the keys the action's type reads, trimmed, so the server sees no leftovers. */
export function cleanAction(a: Action): Action {
  switch (a.type) {
    case 'createTodo':
      return { type: a.type, name: (a.name ?? '').trim(), inDays: a.inDays ?? 0 };
    case 'setField': {
      const money = SETTABLE.find((s) => s.name === a.field)?.kind === 'money';
      const v = a.value as { value?: unknown } | null;
      // The form keeps the amount as typed; the API reads a number.
      return { type: a.type, field: a.field, value: money && v ? { ...v, value: Number(v.value) } : a.value };
    }
    default: {
      const key = ARG[a.type];
      return key ? { type: a.type, [key]: String(a[key] ?? '').trim() } : a;
    }
  }
}

/** actionIncomplete tells whether an action lacks what the server needs. */
export function actionIncomplete(a: Action): boolean {
  switch (a.type) {
    case 'createTodo':
      return !(a.name ?? '').trim() || a.inDays === undefined || a.inDays < 0 || a.inDays > 366;
    case 'setField': {
      const f = SETTABLE.find((s) => s.name === a.field);
      if (!f) return true;
      if (f.kind === 'money') {
        const v = a.value as { value?: unknown } | null;
        return !v || !Number.isFinite(Number(v.value)) || String(v.value).trim() === '';
      }
      if (f.kind === 'link') return !(a.value as Link | null)?.id;
      return typeof a.value !== 'string';
    }
    case 'createTask':
      return !/^\d+$/.test((a.template ?? '').trim());
  }
  const key = ARG[a.type];
  return !key || !String(a[key] ?? '').trim();
}

/** moved is list with item i shifted by one place (by -1 earlier, +1 later); out of range changes nothing. */
export function moved<T>(list: T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return list;
  const out = [...list];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}
