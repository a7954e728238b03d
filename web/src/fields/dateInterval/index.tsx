// A duration in seconds (value.DateInterval), entered as hours and minutes.
import { Group, Input, NumberInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDuration, splitDuration } from '../../format/duration';
import { asKind, type DisplayProps, type EditorProps } from '../types';

export interface DateIntervalValue {
  contentType: 'DateInterval';
  value: number;
}

export function isDateInterval(v: unknown): v is DateIntervalValue {
  return typeof v === 'object' && v !== null && (v as DateIntervalValue).contentType === 'DateInterval' && typeof (v as DateIntervalValue).value === 'number';
}

/** withHoursMinutes keeps any odd seconds the value had; no time at all is no value. */
export function withHoursMinutes(prev: DateIntervalValue | null, hours: number, minutes: number): DateIntervalValue | null {
  const rest = prev ? splitDuration(prev.value).seconds : 0;
  const seconds = hours * 3600 + minutes * 60 + rest;
  return seconds > 0 || prev ? { contentType: 'DateInterval', value: seconds } : null;
}

export function DateIntervalDisplay({ value }: DisplayProps<DateIntervalValue>) {
  const { t } = useTranslation();
  if (!isDateInterval(value)) return null;
  return <Text span inherit>{formatDuration(value.value, t)}</Text>;
}

export function DateIntervalEditor({ value, onChange, field, label, error, disabled }: EditorProps<DateIntervalValue>) {
  const { t } = useTranslation();
  const current = isDateInterval(value) ? value : null;
  const { hours, minutes } = splitDuration(current?.value ?? 0);
  const num = (v: number | string) => (typeof v === 'number' ? v : Number(v) || 0);
  return (
    <Input.Wrapper label={label ?? field.label} error={error} required={field.required}>
      <Group gap="xs" wrap="nowrap">
        <NumberInput
          aria-label={t('field.duration.hours')}
          rightSection={<Text size="xs" c="dimmed">{t('field.duration.hoursShort')}</Text>}
          min={0}
          allowDecimal={false}
          disabled={disabled}
          value={current ? hours : ''}
          onChange={(v) => onChange(withHoursMinutes(current, num(v), minutes))}
          w={110}
        />
        <NumberInput
          aria-label={t('field.duration.minutes')}
          rightSection={<Text size="xs" c="dimmed">{t('field.duration.minutesShort')}</Text>}
          min={0}
          max={59}
          allowDecimal={false}
          disabled={disabled}
          value={current ? minutes : ''}
          onChange={(v) => onChange(withHoursMinutes(current, hours, Math.min(59, num(v))))}
          w={110}
        />
      </Group>
    </Input.Wrapper>
  );
}

export default asKind(DateIntervalDisplay, DateIntervalEditor);
