// Balances as a table: by offer on a warehouse's card, by warehouse on an
// offer's.
import { Anchor, Table, Text } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Balance } from './stockApi';

const num = (v: number) => v.toLocaleString(undefined, { maximumFractionDigits: 3 });

export function BalancesTable({ items, by }: { items: Balance[]; by: 'offer' | 'warehouse' }) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="balances-empty">
        {t('stock.balances.empty')}
      </Text>
    );
  }
  return (
    <Table striped data-testid="balances">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{by === 'offer' ? t('stock.balances.offer') : t('stock.balances.warehouse')}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t('stock.balances.balance')}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t('stock.balances.reserved')}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t('stock.balances.expected')}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t('stock.balances.available')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((b) => {
          const other = by === 'offer' ? b.offer : b.warehouse;
          const to = by === 'offer' ? `/offers/${other.id}/card` : `/warehouse/${other.id}/card`;
          return (
            <Table.Tr key={b.id} data-testid="balance-row" data-offer={b.offer.id} data-warehouse={b.warehouse.id}>
              <Table.Td>
                <Anchor component={RouterLink} to={to}>
                  {other.name ?? other.id}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }} data-testid="balance-on-hand">{num(b.balance)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }} data-testid="balance-reserved">{num(b.reserved)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{num(b.expected)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }} data-testid="balance-available">{num(b.availableNow)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
