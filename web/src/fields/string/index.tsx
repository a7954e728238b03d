// Free text (value.String). Long texts get a growing text area; write-only
// fields (passwords) are typed in and never shown.
import { Anchor, PasswordInput, Text, TextInput, Textarea } from '@mantine/core';
import { isValidLink } from '../../format/link';
import { asKind, type DisplayProps, type EditorProps } from '../types';

const LONG_TEXT = new Set(['description', 'statement', 'content', 'comment', 'textDescription', 'textStatement', 'shortDescription', 'emailFooter']);

export function StringDisplay({ value, compact }: DisplayProps<string>) {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  if (isValidLink(text)) {
    return (
      <Anchor href={text} target="_blank" rel="noopener noreferrer" lineClamp={compact ? 1 : undefined}>
        {text}
      </Anchor>
    );
  }
  return (
    <Text span inherit lineClamp={compact ? 1 : undefined} style={compact ? undefined : { whiteSpace: 'pre-wrap' }}>
      {text}
    </Text>
  );
}

export function StringEditor({ value, onChange, field, label, error, disabled }: EditorProps<string>) {
  const common = {
    label: label ?? field.label,
    error,
    disabled,
    required: field.required,
    value: value ?? '',
    onChange: (e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value),
  };
  if (field.writeOnly) return <PasswordInput {...common} autoComplete="new-password" />;
  if (LONG_TEXT.has(field.name)) return <Textarea {...common} autosize minRows={2} maxRows={12} />;
  return <TextInput {...common} />;
}

export default asKind(StringDisplay, StringEditor);
