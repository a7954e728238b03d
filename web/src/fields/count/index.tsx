// The size of a collection (a "...Count" field): read-only.
import { Input, Text } from '@mantine/core';
import { asKind, type DisplayProps, type EditorProps } from '../types';
import { formatNumber } from '../number';

export function CountDisplay({ value }: DisplayProps<number>) {
  if (typeof value !== 'number') return null;
  return <Text span inherit>{formatNumber(value)}</Text>;
}

export function CountEditor({ value, field, label }: EditorProps<number>) {
  return (
    <Input.Wrapper label={label ?? field.label}>
      <div>
        <CountDisplay value={value} field={field} />
      </div>
    </Input.Wrapper>
  );
}

export default asKind(CountDisplay, CountEditor, false);
