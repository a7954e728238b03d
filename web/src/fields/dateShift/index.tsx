// A signed offset in one calendar unit (value.DateShift): "-3 days" is three
// days before.
import { Group, Input, NumberInput, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { asKind, type DisplayProps, type EditorProps } from '../types';

export const SHIFT_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type ShiftUnit = (typeof SHIFT_UNITS)[number];

export interface DateShiftValue {
  contentType: 'DateShift';
  unit: ShiftUnit;
  delta: number;
}

export function isDateShift(v: unknown): v is DateShiftValue {
  return typeof v === 'object' && v !== null && (v as DateShiftValue).contentType === 'DateShift';
}

export function unitLabels(t: TFunction): Record<ShiftUnit, string> {
  return {
    second: t('field.unit.second'),
    minute: t('field.unit.minute'),
    hour: t('field.unit.hour'),
    day: t('field.unit.day'),
    week: t('field.unit.week'),
    month: t('field.unit.month'),
    quarter: t('field.unit.quarter'),
    year: t('field.unit.year'),
  };
}

export function DateShiftDisplay({ value }: DisplayProps<DateShiftValue>) {
  const { t } = useTranslation();
  if (!isDateShift(value)) return null;
  const unit = unitLabels(t)[value.unit] ?? value.unit;
  return <Text span inherit>{`${value.delta > 0 ? '+' : ''}${value.delta} ${unit}`}</Text>;
}

export function DateShiftEditor({ value, onChange, field, label, error, disabled }: EditorProps<DateShiftValue>) {
  const { t } = useTranslation();
  const current = isDateShift(value) ? value : null;
  const labels = unitLabels(t);
  return (
    <Input.Wrapper label={label ?? field.label} error={error} required={field.required}>
      <Group gap="xs" wrap="nowrap">
        <NumberInput
          aria-label={t('field.shift.delta')}
          allowDecimal={false}
          disabled={disabled}
          value={current?.delta ?? ''}
          onChange={(v) =>
            onChange(v === '' ? null : { contentType: 'DateShift', unit: current?.unit ?? 'day', delta: Number(v) || 0 })
          }
          w={110}
        />
        <Select
          aria-label={t('field.shift.unit')}
          disabled={disabled}
          data={SHIFT_UNITS.map((u) => ({ value: u, label: labels[u] }))}
          value={current?.unit ?? 'day'}
          allowDeselect={false}
          onChange={(u) => u && onChange({ contentType: 'DateShift', delta: current?.delta ?? 0, unit: u as ShiftUnit })}
          w={150}
        />
      </Group>
    </Input.Wrapper>
  );
}

export default asKind(DateShiftDisplay, DateShiftEditor);
