// One of a fixed list (value.Enum). The catalogue gives the values but no
// labels for them, so the values themselves are shown.
import { Select, Text } from '@mantine/core';
import { asKind, type DisplayProps, type EditorProps } from '../types';

export function EnumDisplay({ value }: DisplayProps<string>) {
  if (value === null || value === undefined || value === '') return null;
  return <Text span inherit>{String(value)}</Text>;
}

export function EnumEditor({ value, onChange, field, label, error, disabled }: EditorProps<string>) {
  return (
    <Select
      label={label ?? field.label}
      error={error}
      disabled={disabled}
      required={field.required}
      data={field.values ?? []}
      value={value ?? null}
      onChange={(v) => onChange(v)}
      clearable={!field.required}
      allowDeselect={!field.required}
      searchable={(field.values?.length ?? 0) > 8}
    />
  );
}

export default asKind(EnumDisplay, EnumEditor);
