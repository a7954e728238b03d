// The deal's positions with the sums the server computed (docs/deal.md,
// "Sums"): quantity, unit price, discount, tax, and the row's total.
import { Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { refIs, allOf } from '../../app/mapping/filters';
import { useList } from '../../data/hooks';
import type { Entity } from '../../data/types';
import { money } from './money';

const FIELDS = ['name', 'quantity', 'price', 'priceWithoutTax', 'discount', 'tax', 'sum', 'taxSum'];

function discountText(d: unknown): string {
  const v = d as { type?: string; valueInMain?: number } | null;
  if (!v || typeof v.valueInMain !== 'number' || v.valueInMain === 0) return '';
  return v.type === 'percent' ? `${v.valueInMain}%` : money({ value: v.valueInMain, currency: 'RUB' });
}

function taxText(row: Entity, t: (k: string) => string): string {
  const rate = (row.tax as { rate?: number } | null)?.rate;
  if (typeof rate !== 'number') return '';
  return `${rate}% ${row.priceWithoutTax ? t('deal.positions.onTop') : t('deal.positions.included')}`;
}

export function PositionsBlock({ dealId }: { dealId: string }) {
  const { t } = useTranslation();
  const rows = useList({ contentType: 'OfferRow', endpoint: 'offerRow', filter: allOf(refIs('deal', 'Deal', dealId)), fields: FIELDS, limit: 100 });
  if (rows.items.length === 0) return null;
  return (
    <>
      <Title order={4}>{t('deal.positions.title')}</Title>
      <Table data-testid="deal-positions" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('deal.positions.name')}</Table.Th>
            <Table.Th>{t('deal.positions.quantity')}</Table.Th>
            <Table.Th>{t('deal.positions.price')}</Table.Th>
            <Table.Th>{t('deal.positions.discount')}</Table.Th>
            <Table.Th>{t('deal.positions.tax')}</Table.Th>
            <Table.Th>{t('deal.positions.sum')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.items.map((row) => (
            <Table.Tr key={String(row.id)}>
              <Table.Td>{String(row.name ?? '')}</Table.Td>
              <Table.Td>{String(row.quantity ?? '')}</Table.Td>
              <Table.Td>{money(row.price ?? row.priceWithoutTax)}</Table.Td>
              <Table.Td>{discountText(row.discount)}</Table.Td>
              <Table.Td>{taxText(row, t)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {money(row.sum)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
