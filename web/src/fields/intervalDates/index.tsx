// A range of days (value.IntervalDates); either end may be open.
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { dayInputProps } from '../dateInputs';
import { asKind, type DisplayProps, type EditorProps } from '../types';
import { RangeEditor, RangeText } from '../interval';
import { formatDateOnly, fromPickerDay, isDateOnly, toPickerDay, type DateOnlyValue } from '../dateOnly/convert';

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
  return <RangeText from={isDateOnly(value.from) ? formatDateOnly(value.from) : null} to={isDateOnly(value.to) ? formatDateOnly(value.to) : null} />;
}

export function IntervalDatesEditor({ value, onChange, field, label, error, disabled }: EditorProps<IntervalDatesValue>) {
  const current = isIntervalDates(value) ? value : null;
  return (
    <RangeEditor
      field={field}
      label={label}
      error={error}
      renderEnd={(which, text) => (
        <DateInput
          aria-label={text}
          placeholder={text}
          disabled={disabled}
          clearable
          {...dayInputProps()}
          value={isDateOnly(current?.[which]) ? toPickerDay(current![which]!) : null}
          onChange={(v) => onChange(withDayEnd(current, which, fromPickerDay(v)))}
          style={{ flex: 1 }}
        />
      )}
    />
  );
}

export default asKind(IntervalDatesDisplay, IntervalDatesEditor);
