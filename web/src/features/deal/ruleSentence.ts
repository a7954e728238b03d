// A condition told as a sentence («Сумма больше 10 000 RUB и Клиент
// заполнено»), so an administrator reads what a transition or a scenario
// waits for without opening the editor.
import type { Cond, FieldCond, FieldKind, Group, RuleField } from './ruleModel';

type T = (key: string, options?: Record<string, unknown>) => string;

export interface SentenceContext {
  t: T;
  fields: RuleField[];
  stateName(id: string): string;
  lang?: string;
}

function operand(kind: FieldKind, text: string, c: FieldCond, ctx: SentenceContext): string {
  if (kind === 'Money') return `${Number(text).toLocaleString(ctx.lang)} ${c.currency}`;
  if (kind === 'Date' && c.relative) {
    const shift = Math.trunc(Number(text));
    return shift === 0 ? ctx.t('deal.rule.say.today') : ctx.t('deal.rule.say.todayShift', { shift: shift > 0 ? `+${shift}` : String(shift) });
  }
  if (kind === 'Date') {
    const [y, m, d] = text.split('-');
    return `${d}.${m}.${y}`;
  }
  return kind === 'Number' ? Number(text).toLocaleString(ctx.lang) : text;
}

function enumLabel(f: RuleField, v: string, t: T): string {
  // The deal's own result has labels; an extra field's values are its own words.
  return f.name === 'result' ? t(`deal.result.${v}`) : v;
}

function fieldSentence(c: FieldCond, ctx: SentenceContext): string {
  const { t } = ctx;
  const f = ctx.fields.find((x) => x.name === c.field);
  if (!f) return t('deal.rule.say.unknownField', { field: c.field });
  const field = f.label;
  if (c.cmp === 'setted') return t(c.not ? 'deal.rule.say.notSetted' : 'deal.rule.say.setted', { field });
  let value: string;
  switch (f.kind) {
    case 'Enum':
      value = c.texts.map((v) => `«${enumLabel(f, v, t)}»`).join(', ');
      break;
    case 'Bool':
      value = t(c.flag ? 'deal.rule.say.yes' : 'deal.rule.say.no');
      break;
    case 'Ref':
      value = t('deal.rule.say.links', { n: c.links.length });
      break;
    case 'String':
      value = `«${c.a}»`;
      break;
    default:
      if (c.cmp === 'interval') {
        const from = c.a === '' ? '' : t('deal.rule.say.from', { value: operand(f.kind, c.a, c, ctx) });
        const to = c.b === '' ? '' : t('deal.rule.say.to', { value: operand(f.kind, c.b, c, ctx) });
        value = [from, to].filter(Boolean).join(' ');
      } else {
        value = operand(f.kind, c.a, c, ctx);
      }
  }
  const s = t(`deal.rule.say.cmp.${c.cmp}`, { field, value });
  return c.not ? t('deal.rule.say.not', { rule: s }) : s;
}

function itemSentence(c: Cond, ctx: SentenceContext, nested: boolean): string {
  const { t } = ctx;
  let s: string;
  switch (c.kind) {
    case 'field':
      return fieldSentence(c, ctx);
    case 'group': {
      // An empty group (just added) says nothing, as it writes nothing.
      const parts = c.items.map((i) => itemSentence(i, ctx, true)).filter(Boolean);
      if (parts.length === 0) return '';
      s = parts.join(t(c.all ? 'deal.rule.say.and' : 'deal.rule.say.or'));
      if (nested && parts.length > 1 && !c.not) s = `(${s})`;
      break;
    }
    case 'state':
      s = t('deal.rule.say.state', { state: ctx.stateName(c.state) });
      break;
    case 'paid':
      s = t(c.partial ? 'deal.rule.say.paidPartial' : 'deal.rule.say.paidFull');
      break;
    case 'user': {
      const who = c.roles.map((r) => t(`deal.editor.role.${r}`));
      if (c.people.length) who.push(t('deal.rule.say.people', { n: c.people.length }));
      s = t('deal.rule.say.user', { who: who.join(t('deal.rule.say.or')) });
      break;
    }
    case 'time':
      s = t('deal.rule.say.time', { from: c.from, to: c.to, offset: c.offset });
      break;
    case 'raw':
      s = t('deal.rule.say.raw', { type: String((c.rule as { contentType?: string } | null)?.contentType ?? '?') });
      break;
  }
  return c.not ? t('deal.rule.say.not', { rule: s }) : s;
}

/** sentence tells a whole condition; an empty one is "no condition". */
export function sentence(g: Group, ctx: SentenceContext): string {
  return itemSentence(g, ctx, false) || ctx.t('deal.rule.say.none');
}
