// Money (value.Money): an amount and its currency.
import { useState } from 'react';
import { Autocomplete, Group, NumberInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, isMoney, type Money } from '../../format/money';
import { fromInput } from '../number';
import { asKind, type DisplayProps, type EditorProps } from '../types';
import { CURRENCIES, DEFAULT_CURRENCY, isCurrencyCode, withAmount, withCurrency } from './convert';

export function MoneyDisplay({ value, compact }: DisplayProps<Money>) {
  if (!isMoney(value)) return null;
  return <Text span inherit>{formatMoney(value, compact)}</Text>;
}

export function MoneyEditor({ value, onChange, field, label, error, disabled }: EditorProps<Money>) {
  const { t } = useTranslation();
  const money = isMoney(value) ? value : null;
  const [currency, setCurrency] = useState(money?.currency ?? DEFAULT_CURRENCY);
  const changeCurrency = (text: string) => {
    const code = text.toUpperCase().slice(0, 3);
    setCurrency(code);
    if (isCurrencyCode(code)) onChange(withCurrency(money, code));
  };
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <NumberInput
        label={label ?? field.label}
        error={error}
        disabled={disabled}
        required={field.required}
        decimalScale={2}
        thousandSeparator=" "
        value={money?.value ?? ''}
        onChange={(v) => onChange(withAmount(money ?? { contentType: 'Money', value: 0, currency }, fromInput(v)))}
        style={{ flex: 1 }}
      />
      <Autocomplete
        label={t('field.money.currency')}
        disabled={disabled}
        data={CURRENCIES}
        value={currency}
        onChange={changeCurrency}
        error={isCurrencyCode(currency) ? undefined : t('field.money.badCurrency')}
        w={110}
      />
    </Group>
  );
}

export default asKind(MoneyDisplay, MoneyEditor);
