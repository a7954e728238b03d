// /priceLists: the account's price lists (docs/stock.md, "Price lists"):
// a new one by name and currency; each renamed, its currency changed,
// deactivated or deleted in place. The base price is each offer's own
// and is not a list here. The server refuses who may not write them, and
// a list clients or deals name is not deleted (its message is shown).
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { createPriceList, deletePriceList, updatePriceList, usePriceLists, type PriceList } from './priceApi';

function Row({ list, onError }: { list: PriceList; onError(err: unknown): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(list.name);
  const [currency, setCurrency] = useState(list.currency);
  const run = (p: Promise<void>) => p.catch(onError);
  return (
    <Table.Tr data-testid="price-list-row" data-name={list.name}>
      <Table.Td>
        <TextInput size="xs" value={name} onChange={(e) => setName(e.currentTarget.value)} aria-label={t('stock.priceLists.name')}
          onBlur={() => name.trim() && name !== list.name && void run(updatePriceList(list.id, { name: name.trim() }))} data-testid="price-list-name" />
      </Table.Td>
      <Table.Td>
        <TextInput size="xs" w={80} value={currency} onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())} aria-label={t('stock.priceLists.currency')}
          onBlur={() => currency !== list.currency && void run(updatePriceList(list.id, { currency }).catch((err: unknown) => {
            setCurrency(list.currency);
            throw err;
          }))} data-testid="price-list-currency" />
      </Table.Td>
      <Table.Td>
        <Switch checked={list.isActive} onChange={(e) => void run(updatePriceList(list.id, { isActive: e.currentTarget.checked }))}
          aria-label={t('stock.priceLists.active')} data-testid="price-list-active" />
      </Table.Td>
      <Table.Td>
        <Button size="xs" variant="subtle" color="red" onClick={() => void run(deletePriceList(list.id))} data-testid="price-list-delete">
          {t('stock.priceLists.delete')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

export default function PriceListsPage() {
  const { t } = useTranslation();
  const lists = usePriceLists();
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState('RUB');
  const [failed, setFailed] = useState<string | null>(null);
  const onError = (err: unknown) => setFailed(errorText(err, t));
  const create = async () => {
    setFailed(null);
    try {
      await createPriceList(name.trim(), currency.trim());
      setName('');
    } catch (err) {
      onError(err);
    }
  };
  return (
    <Stack gap="sm" p="md" data-testid="price-lists">
      <Group justify="space-between">
        <Title order={2}>{t('stock.priceLists.title')}</Title>
        <Anchor component={RouterLink} to="/offers" size="sm">
          {t('stock.offers.toList')}
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        {t('stock.priceLists.hint')}
      </Text>
      <Group align="flex-end">
        <TextInput label={t('stock.priceLists.new')} placeholder={t('stock.priceLists.newName')} value={name}
          onChange={(e) => setName(e.currentTarget.value)} data-testid="price-list-new-name" />
        <TextInput label={t('stock.priceLists.currency')} w={90} value={currency}
          onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())} data-testid="price-list-new-currency" />
        <Button disabled={!name.trim()} onClick={() => void create()} data-testid="price-list-create">
          {t('stock.priceLists.create')}
        </Button>
      </Group>
      {failed && (
        <Alert color="red" withCloseButton onClose={() => setFailed(null)} data-testid="price-list-refused">
          {failed}
        </Alert>
      )}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.priceLists.name')}</Table.Th>
            <Table.Th>{t('stock.priceLists.currency')}</Table.Th>
            <Table.Th>{t('stock.priceLists.active')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lists.map((l) => (
            <Row key={`${l.id}:${l.name}:${l.currency}`} list={l} onError={onError} />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
