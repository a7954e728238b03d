// The invoices of a deal on its card: number, date, status and sum, each
// opening the invoice.
import { Anchor, Table, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { allOf, refIs } from '../../app/mapping/filters';
import { useList } from '../../data/hooks';
import { money } from '../deal/money';
import { StatusBadge } from './StatusBadge';

const FIELDS = ['number', 'invoiceDate', 'status', 'sum'];

export function DealInvoices({ dealId }: { dealId: string }) {
  const { t } = useTranslation();
  const list = useList({ contentType: 'Invoice', endpoint: 'invoice', filter: allOf(refIs('deal', 'Deal', dealId)), fields: FIELDS, limit: 50 });
  if (list.items.length === 0) return null;
  return (
    <>
      <Title order={4}>{t('finance.deal.title')}</Title>
      <Table data-testid="deal-invoices" striped>
        <Table.Tbody>
          {list.items.map((inv) => (
            <Table.Tr key={String(inv.id)}>
              <Table.Td>
                <Anchor component={RouterLink} to={`/invoices/${String(inv.id)}/card`}>
                  {t('finance.card.title', { number: String(inv.number ?? '') })}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={String(inv.status ?? '')} />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{money(inv.sum)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
