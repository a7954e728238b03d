// A warehouse's permissions (WarehousePermission, docs/stock.md "Rights
// per warehouse"): who may see it and what they may do with its
// consignments. Once one names the warehouse, it is closed to everyone
// else but administrators; the server refuses what the caller may not do.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, MultiSelect, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { allOf, refIs } from '../../app/mapping/filters';
import { api } from '../../data/api';
import { useList } from '../../data/hooks';
import type { Entity, Link } from '../../data/types';

const LEVELS = ['read', 'edit', 'full_access'];
const OPS = ['read', 'create', 'reserve', 'perform', 'cancel'];

export function WarehouseAccess({ id }: { id: string }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Entity[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const [user, setUser] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>('read');
  const [income, setIncome] = useState<string[]>(['read']);
  const [expense, setExpense] = useState<string[]>(['read']);
  const people = useList({ contentType: 'Employee', endpoint: 'employee', fields: ['name'], limit: 200 });
  const load = useCallback(() => {
    api.get<Entity[]>('warehousePermission', { filter: allOf(refIs('warehouse', 'Warehouse', id)), fields: ['user', 'warehouseRights', 'incomeRights', 'expenseRights'], limit: 100 })
      .then((r) => setItems(r.data ?? []), (err) => setFailed(errorText(err, t)));
  }, [id, t]);
  useEffect(load, [load]);
  const add = async () => {
    setFailed(null);
    try {
      await api.post('warehousePermission', { contentType: 'WarehousePermission', warehouse: { contentType: 'Warehouse', id },
        user: { contentType: 'Employee', id: user }, warehouseRights: level, incomeRights: income, expenseRights: expense });
      setUser(null);
      load();
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  const remove = async (pid: string) => {
    setFailed(null);
    try {
      await api.delete(`warehousePermission/${pid}`);
      load();
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  const ops = OPS.map((o) => ({ value: o, label: t(`stock.access.op.${o}`) }));
  const list = (v: unknown) => ((v as string[] | null) ?? []).map((o) => t(`stock.access.op.${o}`)).join(', ');
  return (
    <Stack gap="xs" data-testid="warehouse-access">
      <Title order={4}>{t('stock.access.title')}</Title>
      <Text size="sm" c="dimmed">{t('stock.access.hint')}</Text>
      {failed && <Alert color="red" data-testid="warehouse-access-refused">{failed}</Alert>}
      {items.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stock.access.user')}</Table.Th>
              <Table.Th>{t('stock.access.warehouseRights')}</Table.Th>
              <Table.Th>{t('stock.access.incomeRights')}</Table.Th>
              <Table.Th>{t('stock.access.expenseRights')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((p) => (
              <Table.Tr key={String(p.id)} data-testid="warehouse-access-row">
                <Table.Td>{String((p.user as (Link & { name?: string }) | null)?.name ?? '')}</Table.Td>
                <Table.Td>{p.warehouseRights ? t(`stock.access.level.${String(p.warehouseRights)}`) : ''}</Table.Td>
                <Table.Td>{list(p.incomeRights)}</Table.Td>
                <Table.Td>{list(p.expenseRights)}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="subtle" color="red" onClick={() => void remove(String(p.id))}>{t('stock.access.remove')}</Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end" gap="xs">
        <Select label={t('stock.access.user')} searchable w={220} value={user} onChange={setUser} data-testid="warehouse-access-user"
          data={people.items.map((e) => ({ value: String(e.id), label: String(e.name ?? e.id) }))} />
        <Select label={t('stock.access.warehouseRights')} w={160} value={level} onChange={setLevel} data-testid="warehouse-access-level"
          data={LEVELS.map((l) => ({ value: l, label: t(`stock.access.level.${l}`) }))} />
        <MultiSelect label={t('stock.access.incomeRights')} w={240} value={income} onChange={setIncome} data={ops} />
        <MultiSelect label={t('stock.access.expenseRights')} w={240} value={expense} onChange={setExpense} data={ops} />
        <Button size="sm" disabled={!user} onClick={() => void add()} data-testid="warehouse-access-add">{t('stock.access.add')}</Button>
      </Group>
    </Stack>
  );
}
