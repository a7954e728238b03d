// A calendar day: typed as DD.MM.YYYY (spec 000 §5) or picked.
import { Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { dayInputProps } from '../dateInputs';
import { asKind, type DisplayProps, type EditorProps } from '../types';
import { formatDateOnly, fromPickerDay, isDateOnly, toPickerDay, type DateOnlyValue } from './convert';

export function DateOnlyDisplay({ value }: DisplayProps<DateOnlyValue>) {
  if (!isDateOnly(value)) return null;
  return <Text span inherit>{formatDateOnly(value)}</Text>;
}

export function DateOnlyEditor({ value, onChange, field, label, error, disabled }: EditorProps<DateOnlyValue>) {
  return (
    <DateInput
      label={label ?? field.label}
      error={error}
      disabled={disabled}
      required={field.required}
      clearable={!field.required}
      {...dayInputProps()}
      placeholder="DD.MM.YYYY"
      value={isDateOnly(value) ? toPickerDay(value) : null}
      onChange={(v) => onChange(fromPickerDay(v))}
    />
  );
}

export default asKind(DateOnlyDisplay, DateOnlyEditor);
