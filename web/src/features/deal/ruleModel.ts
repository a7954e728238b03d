// A condition (the reference's rule objects, docs/deal.md "Conditions") as
// a form the rule editor edits, and back. The form is a tree of groups
// (AND / OR) whose items may each be negated; a rule object the editor
// cannot edit (the event rules of system triggers, a RefFieldRule naming a
// field it does not know) is kept as it came, so saving never loses it.

export type Link = { contentType: string; id: string };

/** ROLES are the programme roles (docs/deal.md): what `allowed` lists and CurrentUserRule name. */
export const ROLES = ['manager', 'auditors', 'userCreated'];

/** How a field's rule compares: one per field rule object of the reference. */
export type FieldKind = 'Money' | 'Number' | 'Date' | 'String' | 'Enum' | 'Bool' | 'Ref';

export interface RuleField {
  name: string;
  label: string;
  kind: FieldKind;
  /** Enum: the values one may pick. */
  values?: string[];
  /** Ref: what its links may name. */
  targets?: string[];
}

export const RULE_OF: Record<FieldKind, string> = {
  Money: 'MoneyFieldRule',
  Number: 'NumberFieldRule',
  Date: 'DateFieldRule',
  String: 'StringFieldRule',
  Enum: 'EnumFieldRule',
  Bool: 'BoolFieldRule',
  Ref: 'RefFieldRule',
};

const ORDERED = ['setted', 'equal', 'greater', 'greater_or_equal', 'smaller', 'smaller_or_equal', 'interval'];

/** COMPARISONS each field rule takes, as the server compiles them (cond.go). */
export const COMPARISONS: Record<FieldKind, string[]> = {
  Money: ORDERED,
  Number: ORDERED,
  Date: ORDERED,
  String: ['setted', 'equal', 'contains'],
  Enum: ['setted', 'one_of'],
  Bool: ['equal'],
  Ref: ['setted', 'one_of'],
};

export interface FieldCond {
  kind: 'field';
  not: boolean;
  field: string;
  cmp: string;
  /** One compared value (or an interval's from), as typed: a number, a text, a YYYY-MM-DD day, or days from today. */
  a: string;
  /** An interval's to; empty is an open end. */
  b: string;
  /** Date values are days from today (the Variable "today") rather than fixed days. */
  relative: boolean;
  currency: string;
  texts: string[];
  flag: boolean;
  links: Link[];
}

export type Cond =
  | { kind: 'group'; not: boolean; all: boolean; items: Cond[] }
  | FieldCond
  | { kind: 'state'; not: boolean; state: string }
  | { kind: 'paid'; not: boolean; partial: boolean }
  | { kind: 'user'; not: boolean; roles: string[]; people: Link[] }
  | { kind: 'time'; not: boolean; from: string; to: string; offset: string }
  | { kind: 'raw'; not: boolean; rule: unknown };

export type Group = Extract<Cond, { kind: 'group' }>;

export const emptyGroup = (): Group => ({ kind: 'group', not: false, all: true, items: [] });

/** localOffset is the browser's UTC offset as "+03:00": the times a CurrentTimeRule is written in. */
export function localOffset(d = new Date()): string {
  const m = -d.getTimezoneOffset();
  const abs = Math.abs(m);
  return `${m < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** newCond is a fresh item of a kind, ready for its inputs. */
export function newCond(kind: Cond['kind'], fields: RuleField[]): Cond {
  switch (kind) {
    case 'group':
      return emptyGroup();
    case 'field': {
      const f = fields[0];
      return { kind: 'field', not: false, field: f?.name ?? '', cmp: f ? COMPARISONS[f.kind][0] : 'setted', a: '', b: '', relative: false, currency: 'RUB', texts: [], flag: true, links: [] };
    }
    case 'state':
      return { kind: 'state', not: false, state: '' };
    case 'paid':
      return { kind: 'paid', not: false, partial: false };
    case 'user':
      return { kind: 'user', not: false, roles: ['manager'], people: [] };
    case 'time':
      return { kind: 'time', not: false, from: '09:00', to: '18:00', offset: localOffset() };
    case 'raw':
      return { kind: 'raw', not: false, rule: null };
  }
}

type Raw = Record<string, unknown>;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const pad = (n: unknown) => String(n).padStart(2, '0');

/** readOperand turns one compared value of the API into the form's text. */
function readOperand(kind: FieldKind, v: unknown, c: FieldCond): string {
  if (v === null || v === undefined) return '';
  const o = v as Raw;
  if (kind === 'Money') {
    c.currency = str(o.currency) || c.currency;
    return str(o.value);
  }
  if (kind === 'Date') {
    if (o.contentType === 'Variable') {
      c.relative = true;
      return str(o.value) || '0';
    }
    // The API's DateOnly counts months from 0.
    return `${o.year}-${pad(Number(o.month) + 1)}-${pad(o.day)}`;
  }
  return str(v);
}

function fieldCond(r: Raw, fields: RuleField[]): FieldCond | null {
  const f = fields.find((x) => x.name === r.field);
  if (!f || RULE_OF[f.kind] !== r.contentType || !COMPARISONS[f.kind].includes(str(r.comparison))) return null;
  const c = newCond('field', [f]) as FieldCond;
  c.cmp = str(r.comparison);
  const v: unknown = r.value;
  if (c.cmp === 'setted') return c;
  switch (f.kind) {
    case 'Enum':
      c.texts = Array.isArray(v) ? v.map(str) : [];
      return c;
    case 'String':
      c.a = str(v);
      return c;
    case 'Bool':
      c.flag = v === true;
      return c;
    case 'Ref':
      c.links = Array.isArray(v) ? (v as Raw[]).map((l) => ({ contentType: str(l.contentType), id: str(l.id) })) : [];
      return c;
  }
  if (c.cmp === 'interval') {
    const iv = (v ?? {}) as Raw;
    c.a = readOperand(f.kind, iv.from, c);
    c.b = readOperand(f.kind, iv.to, c);
  } else {
    c.a = readOperand(f.kind, v, c);
  }
  return c;
}

/** timeOf reads "09:00" and "+03:00" out of an IntervalTime end's DateTime. */
function timeOf(end: unknown): { time: string; offset: string } | null {
  const m = /T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(str((end as Raw | null)?.value));
  return m ? { time: m[1], offset: m[2] === 'Z' ? '+00:00' : m[2] } : null;
}

/** fromRule reads a stored condition into the form; none is an empty AND group. */
export function fromRule(rule: unknown, fields: RuleField[]): Group {
  if (rule === null || rule === undefined || rule === '') return emptyGroup();
  const c = toCond(rule, fields);
  return c.kind === 'group' && !c.not ? c : { ...emptyGroup(), items: [c] };
}

function toCond(rule: unknown, fields: RuleField[]): Cond {
  const r = (rule ?? {}) as Raw;
  const raw: Cond = { kind: 'raw', not: false, rule };
  switch (r.contentType) {
    case 'AndRule':
    case 'OrRule':
      return { kind: 'group', not: false, all: r.contentType === 'AndRule', items: ((r.children as unknown[]) ?? []).map((ch) => toCond(ch, fields)) };
    case 'NotRule': {
      const inner = toCond(r.rule, fields);
      return { ...inner, not: !inner.not };
    }
    case 'ProgramStateRule':
      return { kind: 'state', not: false, state: str((r.state as Raw | undefined)?.id) };
    case 'PaidRule':
      return { kind: 'paid', not: false, partial: r.type === 'partial' };
    case 'CurrentUserRule': {
      const who = (r.currentUser as Raw[]) ?? [];
      return {
        kind: 'user', not: false,
        roles: who.filter((w) => w.contentType === 'ProgramRole').map((w) => str(w.id)),
        people: who.filter((w) => w.contentType !== 'ProgramRole').map((w) => ({ contentType: str(w.contentType), id: str(w.id) })),
      };
    }
    case 'CurrentTimeRule': {
      const iv = (r.interval ?? {}) as Raw;
      const from = timeOf(iv.from);
      const to = timeOf(iv.to);
      return from && to ? { kind: 'time', not: false, from: from.time, to: to.time, offset: from.offset } : raw;
    }
  }
  return fieldCond(r, fields) ?? raw;
}

function writeOperand(kind: FieldKind, text: string, c: FieldCond): unknown {
  if (text.trim() === '') return null;
  if (kind === 'Money') return { contentType: 'Money', value: Number(text), currency: c.currency || 'RUB' };
  if (kind === 'Date') {
    if (c.relative) return { contentType: 'Variable', name: 'today', value: String(Math.trunc(Number(text))) };
    const [y, m, d] = text.split('-').map(Number);
    return { contentType: 'DateOnly', year: y, month: m - 1, day: d };
  }
  return Number(text);
}

const INTERVAL: Partial<Record<FieldKind, string>> = { Money: 'RuleIntervalMoney', Number: 'IntervalNumbers', Date: 'RuleIntervalDates' };

function fieldRule(c: FieldCond, f: RuleField): Raw {
  const r: Raw = { contentType: RULE_OF[f.kind], field: c.field, comparison: c.cmp };
  if (c.cmp === 'setted') return r;
  switch (f.kind) {
    case 'Enum':
      return { ...r, value: c.texts };
    case 'String':
      return { ...r, value: c.a };
    case 'Bool':
      return { ...r, value: c.flag };
    case 'Ref':
      return { ...r, value: c.links };
  }
  if (c.cmp === 'interval') return { ...r, value: { contentType: INTERVAL[f.kind], from: writeOperand(f.kind, c.a, c), to: writeOperand(f.kind, c.b, c) } };
  return { ...r, value: writeOperand(f.kind, c.a, c) };
}

function writeCond(c: Cond, fields: RuleField[]): unknown {
  let r: unknown;
  switch (c.kind) {
    case 'group': {
      const children = c.items.map((i) => writeCond(i, fields)).filter((x) => x !== null);
      if (children.length === 0) return null;
      // One child needs no group around it.
      r = children.length === 1 && !c.not ? children[0] : { contentType: c.all ? 'AndRule' : 'OrRule', children };
      break;
    }
    case 'field': {
      const f = fields.find((x) => x.name === c.field);
      if (!f) return null;
      r = fieldRule(c, f);
      break;
    }
    case 'state':
      r = { contentType: 'ProgramStateRule', state: { contentType: 'ProgramState', id: c.state } };
      break;
    case 'paid':
      r = { contentType: 'PaidRule', type: c.partial ? 'partial' : 'full' };
      break;
    case 'user':
      r = { contentType: 'CurrentUserRule', currentUser: [...c.roles.map((id) => ({ contentType: 'ProgramRole', id })), ...c.people] };
      break;
    case 'time': {
      const at = (hm: string) => ({ contentType: 'DateTime', value: `2026-01-01T${hm}:00${c.offset}` });
      r = { contentType: 'CurrentTimeRule', interval: { contentType: 'IntervalTime', from: at(c.from), to: at(c.to) } };
      break;
    }
    case 'raw':
      r = c.rule;
  }
  return c.not ? { contentType: 'NotRule', rule: r } : r;
}

/** toRule writes the form as the API's rule object; an empty form is null (no condition). */
export function toRule(g: Group, fields: RuleField[]): unknown {
  return writeCond(g, fields);
}

const isNum = (s: string) => s.trim() !== '' && Number.isFinite(Number(s));

/** incomplete tells whether an item still lacks what the server needs (saving is held back until it has it). */
export function incomplete(c: Cond, fields: RuleField[]): boolean {
  switch (c.kind) {
    case 'group':
      return c.items.some((i) => incomplete(i, fields));
    case 'state':
      return c.state === '';
    case 'user':
      return c.roles.length + c.people.length === 0;
    case 'time':
      return !/^\d{2}:\d{2}$/.test(c.from) || !/^\d{2}:\d{2}$/.test(c.to);
    case 'field': {
      const f = fields.find((x) => x.name === c.field);
      if (!f) return true;
      if (c.cmp === 'setted' || f.kind === 'Bool') return false;
      if (f.kind === 'Enum') return c.texts.length === 0;
      if (f.kind === 'Ref') return c.links.length === 0;
      if (f.kind === 'String') return c.cmp === 'contains' && c.a === '';
      const ok = (s: string) => (f.kind === 'Date' && !c.relative ? /^\d{4}-\d{2}-\d{2}$/.test(s) : isNum(s));
      if (c.cmp === 'interval') return (c.a === '' && c.b === '') || (c.a !== '' && !ok(c.a)) || (c.b !== '' && !ok(c.b));
      return !ok(c.a);
    }
  }
  return false;
}
