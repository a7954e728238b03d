// Yes/no (value.Bool).
import { Input, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { asKind, type DisplayProps, type EditorProps } from '../types';

export function BooleanDisplay({ value }: DisplayProps<boolean>) {
  const { t } = useTranslation();
  if (typeof value !== 'boolean') return null;
  return <Text span inherit>{value ? t('field.yes') : t('field.no')}</Text>;
}

export function BooleanEditor({ value, onChange, field, label, error, disabled }: EditorProps<boolean>) {
  return (
    <Input.Wrapper error={error}>
      <Switch
        label={label ?? field.label}
        checked={value === true}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
        mt="xs"
      />
    </Input.Wrapper>
  );
}

export default asKind(BooleanDisplay, BooleanEditor);
