// What the two range kinds (IntervalDates, IntervalTime) share: the text of
// a range with open ends, and an editor of two date inputs side by side.
import { Group, Input, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldInfo } from '../data/catalog';

/** RangeText shows "from – to", an open end as "…". */
export function RangeText({ from, to }: { from: string | null; to: string | null }) {
  return <Text span inherit>{`${from ?? '…'} – ${to ?? '…'}`}</Text>;
}

export type End = 'from' | 'to';

/** RangeEditor lays out the two ends; renderEnd draws one input with its label. */
export function RangeEditor(props: {
  field: FieldInfo;
  label?: string;
  error?: string;
  renderEnd: (end: End, label: string) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={props.label ?? props.field.label} error={props.error} required={props.field.required}>
      <Group gap="xs" wrap="nowrap">
        {props.renderEnd('from', t('field.interval.from'))}
        {props.renderEnd('to', t('field.interval.to'))}
      </Group>
    </Input.Wrapper>
  );
}
