// A range of instants (value.IntervalTime). A range of no length is widened
// to half an hour (spec 000 §5), so a meeting never ends as it starts.
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { widenInterval } from '../../format/dateText';
import { timeInputProps } from '../dateInputs';
import { asKind, type DisplayProps, type EditorProps } from '../types';
import { RangeEditor, RangeText } from '../interval';
import { dateTimeOf, formatDateTime, fromPickerTime, isDateTime, toPickerTime, type DateTimeValue } from '../dateTime/convert';

export interface IntervalTimeValue {
  contentType: 'IntervalTime';
  from: DateTimeValue | null;
  to: DateTimeValue | null;
}

export function isIntervalTime(v: unknown): v is IntervalTimeValue {
  return typeof v === 'object' && v !== null && (v as IntervalTimeValue).contentType === 'IntervalTime';
}

export function withTimeEnd(prev: IntervalTimeValue | null, end: 'from' | 'to', at: DateTimeValue | null): IntervalTimeValue | null {
  const next: IntervalTimeValue = { contentType: 'IntervalTime', from: prev?.from ?? null, to: prev?.to ?? null, [end]: at };
  if (next.from && next.to) {
    const wide = widenInterval(new Date(next.from.value), new Date(next.to.value));
    next.to = dateTimeOf(wide.to);
  }
  return next.from || next.to ? next : null;
}

export function IntervalTimeDisplay({ value }: DisplayProps<IntervalTimeValue>) {
  if (!isIntervalTime(value)) return null;
  return <RangeText from={isDateTime(value.from) ? formatDateTime(value.from) : null} to={isDateTime(value.to) ? formatDateTime(value.to) : null} />;
}

export function IntervalTimeEditor({ value, onChange, field, label, error, disabled }: EditorProps<IntervalTimeValue>) {
  const current = isIntervalTime(value) ? value : null;
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
          {...timeInputProps()}
          value={isDateTime(current?.[which]) ? toPickerTime(current![which]!) : null}
          onChange={(v) => onChange(withTimeEnd(current, which, fromPickerTime(v)))}
          style={{ flex: 1 }}
        />
      )}
    />
  );
}

export default asKind(IntervalTimeDisplay, IntervalTimeEditor);
