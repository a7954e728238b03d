// /warehouse/{id}/card: a warehouse and its balances by offer.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useEntity } from '../../data/hooks';
import { BalancesTable } from './BalancesTable';
import { BALANCE_PAGE, warehouseBalances, type Balance } from './stockApi';
import { useStockEvents } from './useStockEvents';
import { WarehouseAccess } from './WarehouseAccess';

export default function WarehouseCardPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { entity: warehouse, state, error } = useEntity('Warehouse', id);
  const [items, setItems] = useState<Balance[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const [seq, setSeq] = useState(0);
  // A performed or cancelled consignment anywhere re-reads the first page.
  useStockEvents(() => setSeq((n) => n + 1));
  useEffect(() => {
    warehouseBalances(id).then(
      (page) => {
        setItems(page);
        setMore(page.length === BALANCE_PAGE);
      },
      (err) => setFailed(errorText(err, t)),
    );
  }, [id, t, seq]);
  const next = async () => {
    const last = items?.at(-1)?.offer.id;
    try {
      const page = await warehouseBalances(id, last);
      setItems([...(items ?? []), ...page]);
      setMore(page.length === BALANCE_PAGE);
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  if (state === 'error') return <Alert color="red">{errorText(error, t)}</Alert>;
  return (
    <Stack gap="md" p="md" data-testid="warehouse-card">
      <Group justify="space-between" align="flex-start">
        <Title order={2}>{String(warehouse?.name ?? '')}</Title>
        <Group gap="md">
          <Anchor component={RouterLink} to={`/entity/Warehouse/${id}/edit`} size="sm" data-testid="warehouse-edit">
            {t('stock.card.edit')}
          </Anchor>
          <Anchor component={RouterLink} to="/warehouse" size="sm">
            {t('stock.balances.toWarehouses')}
          </Anchor>
        </Group>
      </Group>
      {warehouse?.description ? <Text size="sm">{String(warehouse.description)}</Text> : null}
      <Title order={4}>{t('stock.balances.title')}</Title>
      {failed && <Alert color="red">{failed}</Alert>}
      {items ? <BalancesTable items={items} by="offer" /> : !failed && <Center h={120}><Loader /></Center>}
      {more && (
        <Button variant="default" size="xs" w="fit-content" onClick={() => void next()} data-testid="balances-more">
          {t('stock.balances.more')}
        </Button>
      )}
      <WarehouseAccess id={id} />
    </Stack>
  );
}
