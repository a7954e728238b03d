// The invoices of a client on its card (GET …/{id}/invoices: those whose
// payer is one of the client's): number, dates, status, sum, paid and
// left, the overdue ones marked, what the client still owes in total, and
// a new invoice to the client's payer (refused on saving to those who may
// not bill, as on a deal's card).
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { typeEndpoint } from '../../data/catalog';
import { useList } from '../../data/hooks';
import type { Entity } from '../../data/types';
import { money } from '../deal/money';
import { dateText, isOverdue, leftText, owedText } from './format';
import { StatusBadge } from './StatusBadge';

const FIELDS = ['number', 'invoiceDate', 'deadline', 'status', 'sum', 'paidSum'];
const SHOWN = 50;

export function ClientInvoices({ client }: { client: Entity }) {
  const { t } = useTranslation();
  const endpoint = `${typeEndpoint(client.contentType)}/${String(client.id)}/invoices`;
  const list = useList({ contentType: 'Invoice', endpoint, fields: FIELDS, limit: SHOWN });
  const now = new Date();
  // A reader without invoice_enter is refused the list: no section for them.
  if (list.state === 'error') return null;
  return (
    <Stack gap="xs" data-testid="client-invoices">
      <Group justify="space-between">
        <Title order={6}>
          {t('crm.linked.invoices')}
          {list.count !== undefined ? ` · ${list.count}` : ''}
        </Title>
        <Button size="xs" variant="light" component={RouterLink} to={`/invoices/new?client=${client.contentType}:${String(client.id)}`} data-testid="client-new-invoice">
          {t('finance.client.new')}
        </Button>
      </Group>
      {list.state === 'completed' && list.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('crm.linked.none')}
        </Text>
      )}
      {list.items.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('finance.list.number')}</Table.Th>
              <Table.Th>{t('finance.list.date')}</Table.Th>
              <Table.Th>{t('finance.list.deadline')}</Table.Th>
              <Table.Th>{t('finance.list.status')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('finance.list.sum')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('finance.client.paid')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('finance.client.left')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.items.map((inv) => (
              <Table.Tr key={String(inv.id)} data-testid="client-invoice" data-id={String(inv.id)}>
                <Table.Td>
                  <Anchor component={RouterLink} to={`/invoices/${String(inv.id)}/card`} size="sm">
                    {t('finance.card.title', { number: String(inv.number ?? '') })}
                  </Anchor>
                </Table.Td>
                <Table.Td>{dateText(inv.invoiceDate)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {dateText(inv.deadline)}
                    {isOverdue(inv, now) && (
                      <Badge size="xs" color="red" variant="light" data-testid="client-invoice-overdue">
                        {t('finance.client.overdue')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={String(inv.status ?? '')} />
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{money(inv.sum)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{money(inv.paidSum ?? { value: 0, currency: (inv.sum as { currency?: string } | null)?.currency })}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }} data-testid="client-invoice-left">
                  {leftText(inv)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.items.length > 0 && (
        <Group justify="flex-end" gap="xs">
          <Text size="sm" c="dimmed">
            {list.count !== undefined && list.count > list.items.length ? t('finance.client.owedShown', { count: list.items.length }) : t('finance.client.owed')}
          </Text>
          <Text fw={600} data-testid="client-invoices-owed">
            {owedText(list.items)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
