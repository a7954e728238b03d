// /offers: the catalogue, with each offer's price and stock, and a new
// offer by name, type and price.
import { useState } from 'react';
import { Alert, Anchor, Button, FileButton, Group, NumberInput, SegmentedControl, Stack, Table, TextInput, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { api } from '../../data/api';
import { useList } from '../../data/hooks';
import { reloadLists } from '../../data/lists';
import { sendForm } from '../../data/transport';
import { money } from '../deal/money';
import { ImportDialog } from './ImportDialog';
import { useStockEvents } from './useStockEvents';

const FIELDS = ['name', 'article', 'type', 'price', 'availableQuantity'];

export default function OfferListPage() {
  const { t } = useTranslation();
  const list = useList({ contentType: 'Offer', endpoint: 'offer', fields: FIELDS, limit: 200 });
  // The available stock moves with consignments, not with the offers.
  useStockEvents(() => reloadLists('Offer'));
  const [name, setName] = useState('');
  const [type, setType] = useState('product');
  const [price, setPrice] = useState<number>(0);
  const [failed, setFailed] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const create = async () => {
    setFailed(null);
    try {
      await api.post('offer', { contentType: 'Offer', name: name.trim(), type, price: { contentType: 'Money', value: price, currency: 'RUB' } });
      setName('');
      reloadLists('Offer');
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  const importFile = async (file: File | null) => {
    if (!file) return;
    setFailed(null);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      await sendForm('offer/import', form);
      reloadLists('Offer');
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  const typeLabel: Record<string, string> = { product: t('stock.offers.product'), service: t('stock.offers.service') };
  return (
    <Stack gap="sm" p="md" data-testid="offer-list">
      <Group justify="space-between">
        <Title order={2}>{t('stock.offers.title')}</Title>
        <Group gap="xs">
          <Button size="xs" variant="default" component="a" href="/api/v3/offer/export" download data-testid="offer-export">
            {t('stock.offers.export')}
          </Button>
          <FileButton onChange={(f) => void importFile(f)} accept=".csv,text/csv">
            {(props) => (
              <Button size="xs" variant="default" {...props} data-testid="offer-import">
                {t('stock.offers.import')}
              </Button>
            )}
          </FileButton>
          <Button size="xs" variant="default" component={RouterLink} to="/priceLists" data-testid="offer-price-lists">
            {t('stock.priceLists.title')}
          </Button>
          <Button size="xs" onClick={() => setImporting(true)} data-testid="offer-import-session">
            {t('stock.import.open')}
          </Button>
        </Group>
      </Group>
      <Group align="flex-end">
        <TextInput label={t('stock.offers.new')} placeholder={t('stock.offers.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="offer-name" />
        <SegmentedControl value={type} onChange={setType} data={[{ value: 'product', label: typeLabel.product }, { value: 'service', label: typeLabel.service }]} />
        <NumberInput label={t('stock.offers.price')} min={0} decimalScale={2} value={price} onChange={(v) => setPrice(Number(v) || 0)} w={140} data-testid="offer-price" />
        <Button disabled={!name.trim()} onClick={() => void create()} data-testid="offer-create">
          {t('stock.offers.create')}
        </Button>
      </Group>
      {failed && <Alert color="red">{failed}</Alert>}
      <ImportDialog opened={importing} onClose={() => setImporting(false)} />
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.offers.name')}</Table.Th>
            <Table.Th>{t('stock.offers.article')}</Table.Th>
            <Table.Th>{t('stock.offers.type')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('stock.offers.price')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('stock.offers.stock')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.items.map((o) => (
            <Table.Tr key={String(o.id)} data-testid="offer-row" data-id={String(o.id)}>
              <Table.Td>
                <Anchor component={RouterLink} to={`/offers/${String(o.id)}/card`}>
                  {String(o.name ?? o.id)}
                </Anchor>
              </Table.Td>
              <Table.Td>{String(o.article ?? '')}</Table.Td>
              <Table.Td>{typeLabel[String(o.type ?? 'product')] ?? ''}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{money(o.price)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{o.type === 'service' ? '' : String(o.availableQuantity ?? 0)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
