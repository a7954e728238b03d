// A list of strings (value.JSON string[]): tags typed one by one.
import { Badge, Group, TagsInput } from '@mantine/core';
import { asKind, type DisplayProps, type EditorProps } from '../types';

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

export function StringListDisplay({ value }: DisplayProps<string[]>) {
  const items = strings(value);
  if (items.length === 0) return null;
  return (
    <Group gap={4} component="span">
      {items.map((s, i) => (
        <Badge key={i} variant="light" tt="none">
          {s}
        </Badge>
      ))}
    </Group>
  );
}

export function StringListEditor({ value, onChange, field, label, error, disabled }: EditorProps<string[]>) {
  return (
    <TagsInput
      label={label ?? field.label}
      error={error}
      disabled={disabled}
      required={field.required}
      value={strings(value)}
      onChange={(v) => onChange(v)}
      clearable
    />
  );
}

export default asKind(StringListDisplay, StringListEditor);
