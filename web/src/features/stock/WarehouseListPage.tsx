// /warehouse: the account's warehouses, and a new one by name.
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { api } from '../../data/api';
import { useList } from '../../data/hooks';
import { reloadLists } from '../../data/lists';

export default function WarehouseListPage() {
  const { t } = useTranslation();
  const list = useList({ contentType: 'Warehouse', endpoint: 'warehouse', fields: ['name', 'description'], limit: 200 });
  const [name, setName] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const create = async () => {
    setFailed(null);
    try {
      await api.post('warehouse', { contentType: 'Warehouse', name: name.trim() });
      setName('');
      reloadLists('Warehouse');
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  return (
    <Stack gap="sm" p="md" data-testid="warehouse-list">
      <Group justify="space-between">
        <Title order={2}>{t('stock.warehouses.title')}</Title>
        <Button size="xs" variant="default" component={RouterLink} to="/consignments">
          {t('stock.warehouses.consignments')}
        </Button>
      </Group>
      <Group align="flex-end">
        <TextInput label={t('stock.warehouses.new')} placeholder={t('stock.warehouses.newName')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="warehouse-name" />
        <Button disabled={!name.trim()} onClick={() => void create()} data-testid="warehouse-create">
          {t('stock.warehouses.create')}
        </Button>
      </Group>
      {failed && <Alert color="red">{failed}</Alert>}
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.warehouses.name')}</Table.Th>
            <Table.Th>{t('stock.warehouses.description')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.items.map((w) => (
            <Table.Tr key={String(w.id)} data-testid="warehouse-row" data-id={String(w.id)}>
              <Table.Td>
                <Anchor component={RouterLink} to={`/warehouse/${String(w.id)}/card`}>
                  {String(w.name ?? w.id)}
                </Anchor>
              </Table.Td>
              <Table.Td>{String(w.description ?? '')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
