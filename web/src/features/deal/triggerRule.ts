// What a scenario's type puts in its rule (docs/deal.md "Triggers"): a
// `system` scenario's event (the deal made, moved, or a field changed)
// and a `schedule` scenario's "N days in the state" are rule objects
// beside the rest of its condition. The scenario form edits them; the
// rest stays the rule editor's, kept as it is.
import { RULE_OF, type RuleField } from './ruleModel';

export type EventKind = 'created' | 'stateChanged' | 'fieldChanged';

/** TriggerWhen is the form's event and schedule. */
export interface TriggerWhen {
  event: EventKind;
  /** fieldChanged: the deal field whose change wakes the scenario. */
  field: string;
  /** schedule: days in the state before it runs; 0 runs on the next tick. */
  days: number;
  /** raw: the event rule as saved, kept when the form leaves it as it was (a field change with a comparison). */
  raw?: unknown;
}

type Obj = { contentType?: string; [k: string]: unknown };

const EVENT_TYPES: Record<string, EventKind> = {
  InstanceCreatedRule: 'created',
  ProgramStateChangedRule: 'stateChanged',
  FieldValueChangedRule: 'fieldChanged',
};

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** daysOf is N of a "N days in the state" rule, null for any other rule. */
function daysOf(r: Obj): number | null {
  const v = r.value as Obj | undefined;
  if (r.contentType !== 'DateFieldRule' || r.field !== 'stateTimeUpdated' || r.comparison !== 'smaller_or_equal') return null;
  if (!isObj(v) || v.contentType !== 'Variable' || v.name !== 'today') return null;
  const n = -Number(v.value);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * splitRule takes a scenario's rule apart: its event, its days in the state
 * (a schedule's only: for another type they are a condition like any), and
 * the rest (null: none).
 */
export function splitRule(rule: unknown, type: string): { when: Partial<TriggerWhen>; rest: unknown } {
  const parts = isObj(rule) && rule.contentType === 'AndRule' && Array.isArray(rule.children) ? (rule.children as unknown[]) : rule ? [rule] : [];
  const when: Partial<TriggerWhen> = {};
  const rest: unknown[] = [];
  for (const p of parts) {
    const days = isObj(p) && type === 'schedule' ? daysOf(p) : null;
    const event = isObj(p) ? EVENT_TYPES[p.contentType ?? ''] : undefined;
    if (days !== null && when.days === undefined) when.days = days;
    else if (event && when.event === undefined) {
      when.event = event;
      when.raw = p;
      const fr = (p as Obj).fieldRule;
      if (event === 'fieldChanged' && isObj(fr) && typeof fr.field === 'string') when.field = fr.field;
    } else rest.push(p);
  }
  return { when, rest: rest.length === 0 ? null : rest.length === 1 ? rest[0] : { contentType: 'AndRule', children: rest } };
}

/** eventRule is the rule object of an event; a field change wakes on any new value. */
function eventRule(w: TriggerWhen, fields: RuleField[]): unknown {
  if (w.raw) {
    const { when: was } = splitRule(w.raw, 'system');
    if (was.event === w.event && (w.event !== 'fieldChanged' || was.field === w.field)) return w.raw;
  }
  if (w.event === 'created') return { contentType: 'InstanceCreatedRule' };
  if (w.event === 'stateChanged') return { contentType: 'ProgramStateChangedRule' };
  const kind = fields.find((f) => f.name === w.field)?.kind ?? 'String';
  return { contentType: 'FieldValueChangedRule', noChoiceComparison: true, fieldRule: { contentType: RULE_OF[kind], field: w.field } };
}

/** joinRule is the rule a scenario of a type saves: its event or days, and the rest of its condition. */
export function joinRule(type: string, w: TriggerWhen, rest: unknown, fields: RuleField[]): unknown {
  const own: unknown[] = [];
  if (type === 'system') own.push(eventRule(w, fields));
  if (type === 'schedule' && w.days > 0) {
    own.push({ contentType: 'DateFieldRule', field: 'stateTimeUpdated', comparison: 'smaller_or_equal', value: { contentType: 'Variable', name: 'today', value: String(-w.days) } });
  }
  const restParts = isObj(rest) && rest.contentType === 'AndRule' && Array.isArray(rest.children) ? (rest.children as unknown[]) : rest ? [rest] : [];
  const all = [...own, ...restParts];
  return all.length === 0 ? null : all.length === 1 ? all[0] : { contentType: 'AndRule', children: all };
}

/** whenOf is the form's event and schedule of a saved rule, with defaults for what it lacks. */
export function whenOf(rule: unknown, type: string): TriggerWhen {
  const { when } = splitRule(rule, type);
  return { event: when.event ?? 'created', field: when.field ?? 'price', days: when.days ?? 0, raw: when.raw };
}
