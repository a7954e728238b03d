// Numbers (value.Integer, value.Number) and the read-only counts of
// collections, written in the interface's language.
import { NumberInput, Text } from '@mantine/core';
import i18next from 'i18next';
import { asKind, type DisplayProps, type EditorProps } from '../types';

export function formatNumber(n: number, locale = i18next.language || 'ru'): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(n);
}

export function NumberDisplay({ value }: DisplayProps<number>) {
  if (typeof value !== 'number') return null;
  return <Text span inherit>{formatNumber(value)}</Text>;
}

/** fromInput: NumberInput reports '' when emptied and strings mid-typing. */
export function fromInput(v: number | string): number | null {
  if (v === '' || v === '-') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

function makeEditor(integer: boolean) {
  return function NumberEditor({ value, onChange, field, label, error, disabled }: EditorProps<number>) {
    return (
      <NumberInput
        label={label ?? field.label}
        error={error}
        disabled={disabled}
        required={field.required}
        allowDecimal={!integer}
        value={value ?? ''}
        onChange={(v) => onChange(fromInput(v))}
      />
    );
  };
}

export const integerKind = asKind(NumberDisplay, makeEditor(true));
export const numberKind = asKind(NumberDisplay, makeEditor(false));
