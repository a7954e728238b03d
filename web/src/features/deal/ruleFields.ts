// The deal fields a condition may read (docs/deal.md "Conditions": the
// Deal's value and single-link fields and the single-valued extra deal
// fields of the program, its own and the unowned), each with the field
// rule that compares it.
import type { FieldKind, RuleField } from './ruleModel';

const DEAL_FIELDS: { name: string; kind: FieldKind; values?: string[]; targets?: string[] }[] = [
  { name: 'price', kind: 'Money' },
  { name: 'cost', kind: 'Money' },
  { name: 'contractor', kind: 'Ref', targets: ['ContractorCompany', 'ContractorHuman'] },
  { name: 'contact', kind: 'Ref', targets: ['ContractorCompany', 'ContractorHuman'] },
  { name: 'manager', kind: 'Ref', targets: ['Employee', 'Group'] },
  { name: 'name', kind: 'String' },
  { name: 'description', kind: 'String' },
  { name: 'result', kind: 'Enum', values: ['active', 'positive', 'negative'] },
  { name: 'paymentProgress', kind: 'Number' },
  { name: 'stateTimeUpdated', kind: 'Date' },
  { name: 'timeCreated', kind: 'Date' },
];

/** EXTRA_KIND is the rule each extra field type is compared by; the others (durations) are not offered. */
const EXTRA_KIND: Record<string, FieldKind> = {
  StringField: 'String',
  IntegerField: 'Number',
  BigIntField: 'Number',
  FloatField: 'Number',
  BoolField: 'Bool',
  DateField: 'Date',
  DateTimeField: 'Date',
  MoneyField: 'Money',
  EnumField: 'Enum',
};

export interface ExtraFieldDef {
  contentType: string;
  name: string;
  hrName?: string;
  isMultiple?: boolean;
  enumValues?: string[];
}

/** ruleFields is the deal's own fields, labelled, then the extra fields a rule can read. */
export function ruleFields(t: (key: string) => string, extras: ExtraFieldDef[]): RuleField[] {
  const own = DEAL_FIELDS.map((f) => ({ ...f, label: t(`deal.editor.field.${f.name}`) }));
  const more = extras
    .filter((x) => !x.isMultiple && EXTRA_KIND[x.contentType])
    .map((x) => ({ name: x.name, label: x.hrName || x.name, kind: EXTRA_KIND[x.contentType], values: x.enumValues }));
  return [...own, ...more];
}
