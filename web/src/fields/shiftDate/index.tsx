// A deadline relative to another date (value.ShiftDate): days, hours and
// minutes after it, counting work days or calendar days.
import { Checkbox, Group, Input, NumberInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { asKind, type DisplayProps, type EditorProps } from '../types';

export interface ShiftDateValue {
  contentType: 'ShiftDate';
  days: number;
  hours: number;
  minutes: number;
  isWorkDays: boolean;
}

export function isShiftDate(v: unknown): v is ShiftDateValue {
  return typeof v === 'object' && v !== null && (v as ShiftDateValue).contentType === 'ShiftDate';
}

export const EMPTY_SHIFT: ShiftDateValue = { contentType: 'ShiftDate', days: 0, hours: 0, minutes: 0, isWorkDays: false };

export function ShiftDateDisplay({ value }: DisplayProps<ShiftDateValue>) {
  const { t } = useTranslation();
  if (!isShiftDate(value)) return null;
  const text = t('field.shiftDate.text', { days: value.days ?? 0, hours: value.hours ?? 0, minutes: value.minutes ?? 0 });
  return <Text span inherit>{value.isWorkDays ? `${text} (${t('field.shiftDate.workDays')})` : text}</Text>;
}

export function ShiftDateEditor({ value, onChange, field, label, error, disabled }: EditorProps<ShiftDateValue>) {
  const { t } = useTranslation();
  const current = isShiftDate(value) ? value : EMPTY_SHIFT;
  const set = (patch: Partial<ShiftDateValue>) => onChange({ ...current, ...patch });
  const part = (key: 'days' | 'hours' | 'minutes', name: string) => (
    <NumberInput
      aria-label={name}
      rightSection={<Text size="xs" c="dimmed">{name}</Text>}
      rightSectionWidth={48}
      min={0}
      allowDecimal={false}
      disabled={disabled}
      value={current[key]}
      onChange={(v) => set({ [key]: Number(v) || 0 })}
      w={110}
    />
  );
  return (
    <Input.Wrapper label={label ?? field.label} error={error} required={field.required}>
      <Group gap="xs" wrap="nowrap" align="center">
        {part('days', t('field.shiftDate.days'))}
        {part('hours', t('field.shiftDate.hours'))}
        {part('minutes', t('field.shiftDate.minutes'))}
        <Checkbox
          label={t('field.shiftDate.workDays')}
          checked={current.isWorkDays}
          disabled={disabled}
          onChange={(e) => set({ isWorkDays: e.currentTarget.checked })}
        />
      </Group>
    </Input.Wrapper>
  );
}

export default asKind(ShiftDateDisplay, ShiftDateEditor);
