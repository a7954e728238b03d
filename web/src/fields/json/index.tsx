// Embedded objects, lists and computed values (value.JSON and the server's
// computed fields): shown, never edited here. Contact details and links
// inside them read as names; anything else as compact JSON.
import { Code, Input, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contactInfoName } from '../../format/displayName';
import { asKind, type DisplayProps, type EditorProps } from '../types';
import { LinkName, isLink } from '../link/LinkName';
import { formatNumber } from '../number';

const CONTACT = new Set(['ContactInfo', 'Address']);

function isContact(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && CONTACT.has(String((v as { contentType?: unknown }).contentType));
}

export function JsonDisplay({ value, compact }: DisplayProps) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return <Text span inherit>{value ? t('field.yes') : t('field.no')}</Text>;
  if (typeof value === 'number') return <Text span inherit>{formatNumber(value)}</Text>;
  if (typeof value === 'string') return <Text span inherit lineClamp={compact ? 1 : undefined}>{value}</Text>;
  if (isLink(value) && !isContact(value)) return <LinkName link={{ contentType: value.contentType, id: String(value.id) }} />;
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    if (value.every((v) => typeof v === 'string' || typeof v === 'number')) {
      return <Text span inherit lineClamp={compact ? 1 : undefined}>{value.join(', ')}</Text>;
    }
    // Computed lists of people (subscribers, possibleSubscribers) read as names.
    if (value.every((v) => isLink(v) && !isContact(v))) {
      return (
        <Text span inherit lineClamp={compact ? 1 : undefined}>
          {value.map((v, i) => (
            <span key={`${v.contentType}:${v.id}`}>
              {i > 0 && ', '}
              <LinkName link={{ contentType: v.contentType, id: String(v.id) }} />
            </span>
          ))}
        </Text>
      );
    }
    if (value.every(isContact)) {
      const lines = value.map((v) => contactInfoName(v, t));
      return compact ? (
        <Text span inherit lineClamp={1}>{lines.join('; ')}</Text>
      ) : (
        <Stack gap={2}>
          {lines.map((line, i) => (
            <Text key={i} inherit>{line}</Text>
          ))}
        </Stack>
      );
    }
  }
  const json = JSON.stringify(value, null, compact ? 0 : 2);
  return compact ? <Code>{json.length > 80 ? json.slice(0, 80) + '…' : json}</Code> : <Code block>{json}</Code>;
}

/** The read-only "editor": the value under its label, so forms stay complete. */
export function JsonEditor({ value, field, label, error }: EditorProps) {
  return (
    <Input.Wrapper label={label ?? field.label} error={error}>
      <div>
        <JsonDisplay value={value} field={field} />
      </div>
    </Input.Wrapper>
  );
}

export default asKind(JsonDisplay, JsonEditor, false);
