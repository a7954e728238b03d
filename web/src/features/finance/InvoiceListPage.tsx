// /invoices[?status=1..4|overdue]: the invoices of one status (or all, or
// the overdue ones), with their sums and the total of those listed.
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { invoiceFilter, type InvoiceFilterId } from '../../app/mapping/queryFilters';
import { useList } from '../../data/hooks';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { money } from '../deal/money';
import { dateText, kopecks, kopecksText } from './format';
import { StatusBadge } from './StatusBadge';

const FIELDS = ['number', 'name', 'payer', 'deal', 'invoiceDate', 'deadline', 'status', 'sum'];
const FILTERS: { id: InvoiceFilterId | undefined; query: string }[] = [
  { id: undefined, query: '' },
  { id: 'draft', query: '?status=1' },
  { id: 'drawn', query: '?status=2' },
  { id: 'paid', query: '?status=3' },
  { id: 'rejected', query: '?status=4' },
  { id: 'overdue', query: '?status=overdue' },
];

export default function InvoiceListPage({ filterId }: { filterId?: InvoiceFilterId }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useList({ contentType: 'Invoice', endpoint: 'invoice', filter: invoiceFilter(filterId, new Date()), fields: FIELDS, limit: 100 });
  const total = list.items.reduce((s, inv) => s + kopecks(inv.sum), 0n);
  const label: Record<string, string> = {
    all: t('finance.filter.all'),
    draft: t('finance.filter.created'),
    drawn: t('finance.filter.drawn'),
    paid: t('finance.filter.paid'),
    rejected: t('finance.filter.rejected'),
    overdue: t('finance.filter.overdue'),
  };
  const titles: Record<InvoiceFilterId, string> = {
    draft: t('shell.invoices.draft'),
    drawn: t('shell.invoices.drawn'),
    paid: t('shell.invoices.paid'),
    rejected: t('shell.invoices.rejected'),
    overdue: t('shell.invoices.overdue'),
  };
  return (
    <Stack gap="sm" p="md" data-testid="invoice-list">
      <Group justify="space-between">
        <Title order={2}>{filterId ? titles[filterId] : t('finance.list.title')}</Title>
        <Button size="xs" component={RouterLink} to="/invoices/new" data-testid="invoice-new">
          {t('finance.list.new')}
        </Button>
      </Group>
      <Group gap="xs" data-testid="invoice-filters">
        {FILTERS.map((f) => (
          <Button key={f.query} size="xs" component={RouterLink} to={`/invoices${f.query}`} variant={f.id === filterId ? 'filled' : 'default'} data-testid="invoice-filter" data-id={f.id ?? 'all'}>
            {label[f.id ?? 'all']}
          </Button>
        ))}
      </Group>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('finance.list.number')}</Table.Th>
            <Table.Th>{t('finance.list.date')}</Table.Th>
            <Table.Th>{t('finance.list.payer')}</Table.Th>
            <Table.Th>{t('finance.list.deal')}</Table.Th>
            <Table.Th>{t('finance.list.deadline')}</Table.Th>
            <Table.Th>{t('finance.list.status')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('finance.list.sum')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.items.map((inv) => (
            <Table.Tr key={String(inv.id)} style={{ cursor: 'pointer' }} onClick={() => navigate(`/invoices/${String(inv.id)}/card`)} data-testid="invoice-row" data-id={String(inv.id)}>
              <Table.Td>
                <Anchor component={RouterLink} to={`/invoices/${String(inv.id)}/card`}>
                  {String(inv.number ?? '')}
                </Anchor>
              </Table.Td>
              <Table.Td>{dateText(inv.invoiceDate)}</Table.Td>
              <Table.Td>{isLink(inv.payer) ? <LinkName link={inv.payer} /> : ''}</Table.Td>
              <Table.Td>{isLink(inv.deal) ? <LinkName link={inv.deal} /> : ''}</Table.Td>
              <Table.Td>{dateText(inv.deadline)}</Table.Td>
              <Table.Td>
                <StatusBadge status={String(inv.status ?? '')} />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{money(inv.sum)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" gap="xs">
        <Text size="sm" c="dimmed">
          {t('finance.list.total', { count: list.items.length })}
        </Text>
        <Text fw={600} data-testid="invoice-list-total">
          {kopecksText(total)}
        </Text>
      </Group>
    </Stack>
  );
}
