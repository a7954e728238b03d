// An instant: typed as DD.MM.YYYY HH:mm (spec 000 §5) or picked.
import { Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { timeInputProps } from '../dateInputs';
import { asKind, type DisplayProps, type EditorProps } from '../types';
import { formatDateTime, fromPickerTime, isDateTime, toPickerTime, type DateTimeValue } from './convert';

export function DateTimeDisplay({ value }: DisplayProps<DateTimeValue>) {
  if (!isDateTime(value)) return null;
  return <Text span inherit>{formatDateTime(value)}</Text>;
}

export function DateTimeEditor({ value, onChange, field, label, error, disabled }: EditorProps<DateTimeValue>) {
  return (
    <DateInput
      label={label ?? field.label}
      error={error}
      disabled={disabled}
      required={field.required}
      clearable={!field.required}
      {...timeInputProps()}
      placeholder="DD.MM.YYYY HH:mm"
      value={isDateTime(value) ? toPickerTime(value) : null}
      onChange={(v) => onChange(fromPickerTime(v))}
    />
  );
}

export default asKind(DateTimeDisplay, DateTimeEditor);
