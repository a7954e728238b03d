// /consignments: every consignment with its type, state, warehouse and
// deal; the built-in filters above it (?filter=income).
import { useState } from 'react';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useList } from '../../data/hooks';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { money } from '../deal/money';
import { ConsignmentFilters } from './ConsignmentFilters';
import { typeLabels } from './labels';
import { StateBadge } from './StateBadge';
import type { ConsignmentKind } from './stockApi';
import { useStockEvents } from './useStockEvents';

const FIELDS = ['number', 'type', 'state', 'warehouse', 'deal', 'description', 'operation', 'price'];

export default function ConsignmentListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter') ?? 'any';
  const list = useList({ contentType: 'Consignment', endpoint: 'consignment', fields: FIELDS, limit: 100, sortBy: [{ fieldName: 'timeCreated', desc: true }],
    filter: filter === 'any' ? undefined : { contentType: 'ConsignmentFilter', id: filter } });
  // The counts move with every consignment written anywhere.
  const [seq, setSeq] = useState(0);
  useStockEvents(() => setSeq((n) => n + 1));
  const types = typeLabels(t);
  return (
    <Stack gap="sm" p="md" data-testid="consignment-list">
      <Group justify="space-between">
        <Title order={2}>{t('stock.list.title')}</Title>
        <Group gap="xs">
          <Button size="xs" variant="default" component={RouterLink} to="/warehouse">
            {t('stock.warehouses.title')}
          </Button>
          <Button size="xs" component={RouterLink} to="/consignments/add" data-testid="consignment-new">
            {t('stock.list.new')}
          </Button>
        </Group>
      </Group>
      <ConsignmentFilters value={filter} seq={seq} onChange={(id) => setParams(id === 'any' ? {} : { filter: id })} />
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.list.number')}</Table.Th>
            <Table.Th>{t('stock.list.type')}</Table.Th>
            <Table.Th>{t('stock.list.state')}</Table.Th>
            <Table.Th>{t('stock.list.warehouse')}</Table.Th>
            <Table.Th>{t('stock.list.deal')}</Table.Th>
            <Table.Th>{t('stock.list.description')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('stock.list.sum')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.items.map((c) => (
            <Table.Tr key={String(c.id)} style={{ cursor: 'pointer' }} onClick={() => navigate(`/consignments/${String(c.id)}/card`)} data-testid="consignment-list-row" data-id={String(c.id)}>
              <Table.Td>
                <Anchor component={RouterLink} to={`/consignments/${String(c.id)}/card`}>
                  {String(c.number ?? c.id)}
                </Anchor>
              </Table.Td>
              <Table.Td>{c.operation === 'move' ? `${types.movement}: ${types[c.type as ConsignmentKind] ?? ''}` : types[c.type as ConsignmentKind] ?? ''}</Table.Td>
              <Table.Td>
                <StateBadge state={String(c.state ?? 'created')} />
              </Table.Td>
              <Table.Td>{isLink(c.warehouse) ? <LinkName link={c.warehouse} /> : ''}</Table.Td>
              <Table.Td>{isLink(c.deal) ? <LinkName link={c.deal} /> : ''}</Table.Td>
              <Table.Td>{String(c.description ?? '')}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{money(c.price)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {list.items.length === 0 && list.state === 'completed' && (
        <Text c="dimmed" size="sm">
          {t('stock.list.empty')}
        </Text>
      )}
    </Stack>
  );
}
