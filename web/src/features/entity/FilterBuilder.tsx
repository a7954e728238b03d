// The filter builder: conditions on the type's fields, in groups joined by
// "and" or "or" that nest. Values are typed with the fields' own editors.
import { ActionIcon, Button, Group, MultiSelect, Paper, SegmentedControl, Select, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FieldInfo, TypeInfo } from '../../data/catalog';
import { fieldKind } from '../../fields';
import { comparisons, filterableFields, newGroup, newTerm, termType, type FilterNode, type GroupNode, type Join, type TermNode } from './filterModel';

function comparisonLabels(t: TFunction): Record<string, string> {
  return {
    equals: t('filter.op.equals'),
    not_equals: t('filter.op.notEquals'),
    contains: t('filter.op.contains'),
    not_contains: t('filter.op.notContains'),
    starts_with: t('filter.op.startsWith'),
    less: t('filter.op.less'),
    less_eq: t('filter.op.lessEq'),
    more: t('filter.op.more'),
    more_eq: t('filter.op.moreEq'),
  };
}

/** valueField: the field a term's value is typed with (a day for dates, many links for refs). */
function valueField(f: FieldInfo): FieldInfo {
  const kinds: Record<string, string> = {
    FilterTermDate: 'DateOnly',
    FilterTermRef: 'links',
    FilterTermNumber: 'number',
    FilterTermBool: 'boolean',
    FilterTermString: 'string',
  };
  return { ...f, kind: kinds[termType(f) ?? 'FilterTermString'], required: false, label: '' };
}

function TermValue({ field, value, onChange }: { field: FieldInfo; value: unknown; onChange(v: unknown): void }) {
  const { t } = useTranslation();
  if (termType(field) === 'FilterTermEnum') {
    return (
      <MultiSelect
        aria-label={t('filter.value')}
        data={field.values ?? []}
        value={Array.isArray(value) ? (value as string[]) : []}
        onChange={onChange}
        searchable
        flex={1}
      />
    );
  }
  const vf = valueField(field);
  const { Editor } = fieldKind(vf.kind);
  return (
    <div style={{ flex: 1 }} aria-label={t('filter.value')}>
      <Editor value={value} onChange={onChange} field={vf} label="" />
    </div>
  );
}

interface NodeProps<N> {
  node: N;
  type: TypeInfo;
  onChange(node: N): void;
  onRemove?(): void;
}

function TermRow({ node, type, onChange, onRemove }: NodeProps<TermNode>) {
  const { t } = useTranslation();
  const fields = filterableFields(type);
  const field = fields.find((f) => f.name === node.field);
  const labels = comparisonLabels(t);
  const pickField = (name: string | null) => {
    const f = fields.find((x) => x.name === name);
    onChange({ ...node, field: name ?? '', comparison: f ? comparisons(f)[0] : '', value: null });
  };
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" data-testid="filter-term">
      <Select
        aria-label={t('filter.field')}
        placeholder={t('filter.field')}
        data={fields.map((f) => ({ value: f.name, label: f.label }))}
        value={node.field || null}
        onChange={pickField}
        searchable
        w={200}
      />
      {field && (
        <Select
          aria-label={t('filter.comparison')}
          data={comparisons(field).map((c) => ({ value: c, label: labels[c] ?? c }))}
          value={node.comparison}
          onChange={(c) => c && onChange({ ...node, comparison: c })}
          allowDeselect={false}
          w={150}
        />
      )}
      {field && <TermValue field={field} value={node.value} onChange={(value) => onChange({ ...node, value })} />}
      {onRemove && (
        <ActionIcon variant="subtle" color="gray" onClick={onRemove} aria-label={t('filter.remove')} mt={4}>
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}

export function GroupEditor({ node, type, onChange, onRemove }: NodeProps<GroupNode>) {
  const { t } = useTranslation();
  const setItem = (i: number, item: FilterNode) => onChange({ ...node, items: node.items.map((x, j) => (j === i ? item : x)) });
  const removeItem = (i: number) => onChange({ ...node, items: node.items.filter((_, j) => j !== i) });
  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <SegmentedControl
            size="xs"
            data={[
              { value: 'and', label: t('filter.and') },
              { value: 'or', label: t('filter.or') },
            ]}
            value={node.join}
            onChange={(join) => onChange({ ...node, join: join as Join })}
          />
          {onRemove && (
            <ActionIcon variant="subtle" color="gray" onClick={onRemove} aria-label={t('filter.removeGroup')}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        {node.items.map((item, i) =>
          item.kind === 'group' ? (
            <GroupEditor key={item.id} node={item} type={type} onChange={(n) => setItem(i, n)} onRemove={() => removeItem(i)} />
          ) : (
            <TermRow key={item.id} node={item} type={type} onChange={(n) => setItem(i, n)} onRemove={() => removeItem(i)} />
          ),
        )}
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => onChange({ ...node, items: [...node.items, newTerm()] })}>
            {t('filter.addCondition')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => onChange({ ...node, items: [...node.items, newGroup(node.join === 'and' ? 'or' : 'and', [newTerm()])] })}>
            {t('filter.addGroup')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
