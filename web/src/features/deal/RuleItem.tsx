// One condition of the rule editor: what it looks at (a field, the
// state, payment, the current user, the time of day) and its inputs.
// Groups nest through RuleGroup (RuleEditor.tsx).
import { ActionIcon, Checkbox, Group, MultiSelect, Select, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldInfo } from '../../data/catalog';
import { LinksEditor } from '../../fields/links';
import type { StateInfo } from './dealApi';
import { COMPARISONS, newCond, ROLES, type Cond, type FieldCond, type Link, type RuleField } from './ruleModel';

const KINDS = ['field', 'state', 'paid', 'user', 'time'] as const;
const CURRENCIES = ['RUB', 'USD', 'EUR', 'KZT', 'BYN', 'UAH'];

/** linkField is the shape the links editor needs to search what a rule may name. */
const linkField = (name: string, label: string, targets: string[]): FieldInfo => ({
  name, label, kind: 'links', targets, sortable: false, readOnly: false, required: false, writeOnly: false,
});

function FieldInputs({ c, fields, onChange }: { c: FieldCond; fields: RuleField[]; onChange(c: FieldCond): void }) {
  const { t } = useTranslation();
  const f = fields.find((x) => x.name === c.field);
  const set = (patch: Partial<FieldCond>) => onChange({ ...c, ...patch });
  const pickField = (name: string | null) => {
    const nf = fields.find((x) => x.name === name);
    // Another field may compare otherwise: start its values afresh.
    if (nf) onChange({ ...(newCond('field', [nf]) as FieldCond), not: c.not });
  };
  const input = (key: 'a' | 'b', label: string) =>
    f?.kind === 'Date' && !c.relative ? (
      <TextInput size="xs" w={150} type="date" aria-label={label} placeholder={label} value={c[key]} onChange={(e) => set({ [key]: e.currentTarget.value })} data-testid={`rule-${key}`} />
    ) : (
      <TextInput size="xs" w={f?.kind === 'Date' ? 90 : 120} inputMode="decimal" aria-label={label} placeholder={label} value={c[key]}
        onChange={(e) => set({ [key]: e.currentTarget.value })} data-testid={`rule-${key}`} />
    );
  const ordered = f && ['Money', 'Number', 'Date'].includes(f.kind) && c.cmp !== 'setted';
  return (
    <>
      <Select size="xs" w={190} searchable allowDeselect={false} aria-label={t('deal.rule.field')} value={c.field || null} onChange={pickField}
        data={fields.map((x) => ({ value: x.name, label: x.label }))} data-testid="rule-field" />
      {f && (
        <Select size="xs" w={170} allowDeselect={false} aria-label={t('deal.rule.comparison')} value={c.cmp} onChange={(v) => v && set({ cmp: v })}
          data={COMPARISONS[f.kind].map((v) => ({ value: v, label: t(`deal.rule.cmp.${v}`) }))} data-testid="rule-cmp" />
      )}
      {ordered && f.kind === 'Date' && (
        <Select size="xs" w={150} allowDeselect={false} aria-label={t('deal.rule.dateMode')} value={c.relative ? 'today' : 'date'}
          onChange={(v) => set({ relative: v === 'today', a: '', b: '' })} data-testid="rule-date-mode"
          data={[{ value: 'date', label: t('deal.rule.fixedDate') }, { value: 'today', label: t('deal.rule.daysFromToday') }]} />
      )}
      {ordered && (c.cmp === 'interval' ? (<>{input('a', t('deal.rule.from'))}{input('b', t('deal.rule.to'))}</>) : input('a', t('deal.rule.value')))}
      {ordered && f.kind === 'Money' && (
        <Select size="xs" w={80} allowDeselect={false} aria-label={t('deal.rule.currency')} value={c.currency} onChange={(v) => v && set({ currency: v })}
          data={CURRENCIES.includes(c.currency) ? CURRENCIES : [c.currency, ...CURRENCIES]} />
      )}
      {f?.kind === 'String' && c.cmp !== 'setted' && (
        <TextInput size="xs" w={200} aria-label={t('deal.rule.value')} value={c.a} onChange={(e) => set({ a: e.currentTarget.value })} data-testid="rule-a" />
      )}
      {f?.kind === 'Enum' && c.cmp === 'one_of' && (
        <MultiSelect size="xs" w={220} aria-label={t('deal.rule.value')} value={c.texts} onChange={(v) => set({ texts: v })} data-testid="rule-values"
          data={(f.values ?? []).map((v) => ({ value: v, label: f.name === 'result' ? t(`deal.result.${v}`) : v }))} />
      )}
      {f?.kind === 'Bool' && (
        <Select size="xs" w={90} allowDeselect={false} aria-label={t('deal.rule.value')} value={c.flag ? 'yes' : 'no'} onChange={(v) => set({ flag: v === 'yes' })}
          data={[{ value: 'yes', label: t('deal.rule.say.yes') }, { value: 'no', label: t('deal.rule.say.no') }]} />
      )}
      {f?.kind === 'Ref' && c.cmp === 'one_of' && (
        <div style={{ minWidth: 240 }}>
          <LinksEditor field={linkField(f.name, f.label, f.targets ?? [])} label="" value={c.links} onChange={(v) => set({ links: (v ?? []) as Link[] })} />
        </div>
      )}
    </>
  );
}

export function RuleItem({ value, fields, states, onChange, onRemove, renderGroup }: {
  value: Cond;
  fields: RuleField[];
  states: StateInfo[];
  onChange(c: Cond): void;
  onRemove(): void;
  renderGroup(c: Extract<Cond, { kind: 'group' }>, onChange: (c: Cond) => void): React.ReactNode;
}) {
  const { t } = useTranslation();
  const c = value;
  const head = (
    <>
      <Checkbox size="xs" label={t('deal.rule.not')} checked={c.not} onChange={(e) => onChange({ ...c, not: e.currentTarget.checked })} data-testid="rule-not" />
      {c.kind !== 'group' && c.kind !== 'raw' && (
        <Select size="xs" w={170} allowDeselect={false} aria-label={t('deal.rule.kind')} value={c.kind} data-testid="rule-kind"
          onChange={(k) => k && k !== c.kind && onChange(newCond(k as Cond['kind'], fields))}
          data={KINDS.map((k) => ({ value: k, label: t(`deal.rule.kinds.${k}`) }))} />
      )}
    </>
  );
  const remove = (
    <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('deal.editor.delete')} onClick={onRemove} data-testid="rule-remove">
      <IconTrash size={14} />
    </ActionIcon>
  );
  if (c.kind === 'group') {
    return (
      <div data-testid="rule-item">
        <Group gap="xs" mb={4}>{head}{remove}</Group>
        {renderGroup(c, onChange)}
      </div>
    );
  }
  return (
    <Group gap="xs" data-testid="rule-item" wrap="wrap">
      {head}
      {c.kind === 'field' && <FieldInputs c={c} fields={fields} onChange={onChange} />}
      {c.kind === 'state' && (
        <Select size="xs" w={200} aria-label={t('deal.rule.kinds.state')} value={c.state || null} onChange={(v) => onChange({ ...c, state: v ?? '' })}
          data={states.map((s) => ({ value: s.id, label: s.name }))} data-testid="rule-state" />
      )}
      {c.kind === 'paid' && (
        <Select size="xs" w={180} allowDeselect={false} aria-label={t('deal.rule.kinds.paid')} value={c.partial ? 'partial' : 'full'}
          onChange={(v) => onChange({ ...c, partial: v === 'partial' })}
          data={[{ value: 'full', label: t('deal.rule.paidFull') }, { value: 'partial', label: t('deal.rule.paidPartial') }]} />
      )}
      {c.kind === 'user' && (
        <>
          <MultiSelect size="xs" w={220} aria-label={t('deal.rule.roles')} placeholder={t('deal.rule.roles')} value={c.roles} onChange={(v) => onChange({ ...c, roles: v })}
            data={ROLES.map((r) => ({ value: r, label: t(`deal.editor.role.${r}`) }))} data-testid="rule-roles" />
          <Text size="xs" c="dimmed">{t('deal.rule.orPeople')}</Text>
          <div style={{ minWidth: 240 }}>
            <LinksEditor field={linkField('currentUser', t('deal.rule.people'), ['Employee', 'Group'])} label="" value={c.people}
              onChange={(v) => onChange({ ...c, people: (v ?? []) as Link[] })} />
          </div>
        </>
      )}
      {c.kind === 'time' && (
        <>
          <TextInput size="xs" type="time" aria-label={t('deal.rule.from')} value={c.from} onChange={(e) => onChange({ ...c, from: e.currentTarget.value })} />
          <TextInput size="xs" type="time" aria-label={t('deal.rule.to')} value={c.to} onChange={(e) => onChange({ ...c, to: e.currentTarget.value })} />
          <Text size="xs" c="dimmed">UTC{c.offset}</Text>
        </>
      )}
      {c.kind === 'raw' && <Text size="xs" c="dimmed">{t('deal.rule.kept', { type: String((c.rule as { contentType?: string } | null)?.contentType ?? '?') })}</Text>}
      {remove}
    </Group>
  );
}
