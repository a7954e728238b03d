// One field on a card or in a form: its label and its kind's Display or
// Editor, in a wrapper tests can find by data-testid="field-<name>".
import { Box, Text } from '@mantine/core';
import type { FieldInfo } from '../data/catalog';
import { fieldKind } from './index';

/** FieldView shows a field under its label; count, when given, follows the label. */
export function FieldView({ field, value, count }: { field: FieldInfo; value: unknown; count?: number }) {
  const { Display } = fieldKind(field.kind);
  return (
    <Box data-testid={`field-${field.name}`}>
      <Text size="xs" c="dimmed">
        {count === undefined ? field.label : `${field.label} (${count})`}
      </Text>
      <Box fz="sm">
        <Display value={value} field={field} />
      </Box>
    </Box>
  );
}

export function FieldEdit({ field, value, onChange, error, disabled }: { field: FieldInfo; value: unknown; onChange(v: unknown): void; error?: string; disabled?: boolean }) {
  const { Editor } = fieldKind(field.kind);
  return (
    <Box data-testid={`field-${field.name}`}>
      <Editor value={value} onChange={onChange} field={field} error={error} disabled={disabled} />
    </Box>
  );
}
