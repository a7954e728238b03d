// A range of days (value.IntervalDates); either end may be open.
import { Group, Input, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import '@mantine/dates/styles.css';
import { asKind, type DisplayProps, type EditorProps } from '../types';
import { dayParser, formatDateOnly, fromPickerDay, isDateOnly, toPickerDay, type DateOnlyValue } from '../dateOnly/convert';

export interface IntervalDatesValue {
  contentType: 'IntervalDates';
  from: DateOnlyValue | null;
  to: DateOnlyValue | null;
}

export function isIntervalDates(v: unknown): v is IntervalDatesValue {
  return typeof v === 'object' && v !== null && (v as IntervalDatesValue).contentType === 'IntervalDates';
}

/** withEnd sets one end; both open is no value. */
export function withDayEnd(prev: IntervalDatesValue | null, end: 'from' | 'to', day: DateOnlyValue | null): IntervalDatesValue | null {
  const next: IntervalDatesValue = { contentType: 'IntervalDates', from: prev?.from ?? null, to: prev?.to ?? null, [end]: day };
  return next.from || next.to ? next : null;
}

export function IntervalDatesDisplay({ value }: DisplayProps<IntervalDatesValue>) {
  if (!isIntervalDates(value)) return null;
  const from = isDateOnly(value.from) ? formatDateOnly(value.from) : '…';
  const to = isDateOnly(value.to) ? formatDateOnly(value.to) : '…';
  return <Text span inherit>{`${from} – ${to}`}</Text>;
}

export function IntervalDatesEditor({ value, onChange, field, label, error, disabled }: EditorProps<IntervalDatesValue>) {
  const { t } = useTranslation();
  const current = isIntervalDates(value) ? value : null;
  const end = (which: 'from' | 'to') => (
    <DateInput
      aria-label={which === 'from' ? t('field.interval.from') : t('field.interval.to')}
      placeholder={which === 'from' ? t('field.interval.from') : t('field.interval.to')}
      disabled={disabled}
      clearable
      locale={dayjs.locale()}
      valueFormat="DD.MM.YYYY"
      dateParser={dayParser}
      value={isDateOnly(current?.[which]) ? toPickerDay(current![which]!) : null}
      onChange={(v) => onChange(withDayEnd(current, which, fromPickerDay(v)))}
      style={{ flex: 1 }}
    />
  );
  return (
    <Input.Wrapper label={label ?? field.label} error={error} required={field.required}>
      <Group gap="xs" wrap="nowrap">
        {end('from')}
        {end('to')}
      </Group>
    </Input.Wrapper>
  );
}

export default asKind(IntervalDatesDisplay, IntervalDatesEditor);
