// The deal's positions with the sums the server computed (docs/deal.md,
// "Sums"): quantity, unit price, discount, tax, and the row's total; and
// a position added by offer and quantity, which the server prices in the
// deal's price list, else at the offer's base price (docs/stock.md).
import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Select, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { refIs, allOf } from '../../app/mapping/filters';
import { api } from '../../data/api';
import { useList } from '../../data/hooks';
import { useLinkSearch } from '../../fields/link/search';
import { reloadLists } from '../../data/lists';
import type { Entity } from '../../data/types';
import { money } from './money';

const FIELDS = ['name', 'quantity', 'price', 'priceWithoutTax', 'discount', 'tax', 'sum', 'taxSum'];

function discountText(d: unknown): string {
  const v = d as { type?: string; valueInMain?: number } | null;
  if (!v || typeof v.valueInMain !== 'number' || v.valueInMain === 0) return '';
  return v.type === 'percent' ? `${v.valueInMain}%` : money({ value: v.valueInMain, currency: 'RUB' });
}

function taxText(row: Entity, t: (k: string) => string): string {
  const rate = (row.tax as { rate?: number } | null)?.rate;
  if (typeof rate !== 'number') return '';
  return `${rate}% ${row.priceWithoutTax ? t('deal.positions.onTop') : t('deal.positions.included')}`;
}

function AddPosition({ dealId }: { dealId: string }) {
  const { t } = useTranslation();
  // Searched by name on the server, so a catalogue of any size is reachable.
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const { options, loading } = useLinkSearch(['Offer'], search, opened);
  const [offer, setOffer] = useState<string | null>(null);
  const [offerName, setOfferName] = useState('');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [failed, setFailed] = useState<string | null>(null);
  const add = async () => {
    if (!offer) return;
    setFailed(null);
    try {
      // No price: the server takes the offer's in the deal's list.
      await api.post('offerRow', { contentType: 'OfferRow', deal: { contentType: 'Deal', id: dealId }, offer: { contentType: 'Offer', id: offer },
        name: offerName, quantity: Number(quantity) || 1 });
      setOffer(null);
      setSearch('');
      reloadLists('OfferRow');
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  return (
    <>
      <Group align="flex-end" gap="xs">
        <Select label={t('deal.positions.offer')} placeholder={t('deal.positions.pickOffer')} searchable w={320} data-testid="deal-position-offer"
          value={offer ? `Offer:${offer}` : null} searchValue={search} onSearchChange={setSearch} onDropdownOpen={() => setOpened(true)}
          filter={({ options: all }) => all} nothingFoundMessage={loading ? t('field.link.searching') : t('field.link.nothingFound')}
          data={options.map((o) => ({ value: o.value, label: o.label }))}
          onChange={(v) => {
            const picked = options.find((o) => o.value === v);
            setOffer(picked ? picked.link.id : null);
            setOfferName(picked ? picked.label : '');
          }} />
        <NumberInput label={t('deal.positions.quantity')} min={0} decimalScale={3} w={100} value={quantity} onChange={setQuantity} data-testid="deal-position-quantity" />
        <Button disabled={!offer} onClick={() => void add()} data-testid="deal-position-add">
          {t('deal.positions.add')}
        </Button>
      </Group>
      {failed && <Alert color="red">{failed}</Alert>}
    </>
  );
}

export function PositionsBlock({ dealId, editable = false }: { dealId: string; editable?: boolean }) {
  const { t } = useTranslation();
  const rows = useList({ contentType: 'OfferRow', endpoint: 'offerRow', filter: allOf(refIs('deal', 'Deal', dealId)), fields: FIELDS, limit: 100 });
  if (rows.items.length === 0 && !editable) return null;
  return (
    <>
      <Title order={4}>{t('deal.positions.title')}</Title>
      {editable && <AddPosition dealId={dealId} />}
      <Table data-testid="deal-positions" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('deal.positions.name')}</Table.Th>
            <Table.Th>{t('deal.positions.quantity')}</Table.Th>
            <Table.Th>{t('deal.positions.price')}</Table.Th>
            <Table.Th>{t('deal.positions.discount')}</Table.Th>
            <Table.Th>{t('deal.positions.tax')}</Table.Th>
            <Table.Th>{t('deal.positions.sum')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.items.map((row) => (
            <Table.Tr key={String(row.id)} data-testid="deal-position" data-name={String(row.name ?? '')}>
              <Table.Td>{String(row.name ?? '')}</Table.Td>
              <Table.Td>{String(row.quantity ?? '')}</Table.Td>
              <Table.Td data-testid="deal-position-price">{money(row.price ?? row.priceWithoutTax)}</Table.Td>
              <Table.Td>{discountText(row.discount)}</Table.Td>
              <Table.Td>{taxText(row, t)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {money(row.sum)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
