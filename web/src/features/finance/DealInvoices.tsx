// The invoices of a deal on its card: number, date, status and sum, each
// opening the invoice.
import { Anchor, Badge, Table, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { allOf, refIs } from '../../app/mapping/filters';
import { useList } from '../../data/hooks';
import { money } from '../deal/money';
import { STATUS_COLOR } from './format';

const FIELDS = ['number', 'invoiceDate', 'status', 'sum'];

export function DealInvoices({ dealId }: { dealId: string }) {
  const { t } = useTranslation();
  const list = useList({ contentType: 'Invoice', endpoint: 'invoice', filter: allOf(refIs('deal', 'Deal', dealId)), fields: FIELDS, limit: 50 });
  if (list.items.length === 0) return null;
  const status: Record<string, string> = {
    created: t('finance.status.created'),
    drawn: t('finance.status.drawn'),
    paid: t('finance.status.paid'),
    rejected: t('finance.status.rejected'),
  };
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
                <Badge variant="light" color={STATUS_COLOR[String(inv.status)]} styles={{ root: { textTransform: 'none' } }}>
                  {status[String(inv.status)] ?? String(inv.status ?? '')}
                </Badge>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{money(inv.sum)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
