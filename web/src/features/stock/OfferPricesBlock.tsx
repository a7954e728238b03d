// An offer's prices per price list on its card: the base price is the
// offer's own (Offer.price); each active list shows the offer's price
// there, set or changed in the list's currency and cleared (then deals
// on that list take the base price). docs/stock.md, "Price lists".
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { money } from '../deal/money';
import { clearOfferPrice, offerPrices, setOfferPrice, usePriceLists, type OfferPrice, type PriceList } from './priceApi';

function ListRow({ offer, list, price, onSaved, onError }: {
  offer: string;
  list: PriceList;
  price?: OfferPrice;
  onSaved(): void;
  onError(err: unknown): void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(price?.value ?? '');
  const [busy, setBusy] = useState(false);
  const run = async (p: () => Promise<void>) => {
    setBusy(true);
    try {
      await p();
      onSaved();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Table.Tr data-testid="offer-list-price" data-name={list.name}>
      <Table.Td>{list.name}</Table.Td>
      <Table.Td data-testid="offer-list-price-value">{price ? money({ value: price.value, currency: price.currency }) : '—'}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <NumberInput size="xs" w={140} min={0} decimalScale={2} value={value} onChange={setValue} suffix={` ${list.currency}`}
            aria-label={t('stock.priceLists.price')} data-testid="offer-list-price-input" />
          <Button size="xs" disabled={busy || typeof value !== 'number'} data-testid="offer-list-price-save"
            onClick={() => typeof value === 'number' && void run(() => setOfferPrice(offer, list, value, price))}>
            {t('stock.priceLists.save')}
          </Button>
          {price && (
            <Button size="xs" variant="subtle" color="red" disabled={busy} data-testid="offer-list-price-clear"
              onClick={() => void run(() => clearOfferPrice(price))}>
              {t('stock.priceLists.clear')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function OfferPricesBlock({ offer }: { offer: string }) {
  const { t } = useTranslation();
  const lists = usePriceLists().filter((l) => l.isActive);
  const [prices, setPrices] = useState<OfferPrice[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(() => offerPrices(offer).then(setPrices, (err: unknown) => setFailed(errorText(err, t))), [offer, t]);
  useEffect(() => void load(), [load]);
  if (lists.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="offer-prices">
      <Title order={4}>{t('stock.priceLists.offerTitle')}</Title>
      <Text size="sm" c="dimmed">
        {t('stock.priceLists.offerHint')}
      </Text>
      {failed && (
        <Alert color="red" withCloseButton onClose={() => setFailed(null)}>
          {failed}
        </Alert>
      )}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.priceLists.name')}</Table.Th>
            <Table.Th>{t('stock.priceLists.price')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lists.map((l) => {
            const price = prices.find((p) => p.list === l.id);
            return (
              <ListRow key={`${l.id}:${price?.id ?? ''}:${price?.value ?? ''}`} offer={offer} list={l} price={price}
                onSaved={() => {
                  setFailed(null);
                  void load();
                }}
                onError={(err) => setFailed(errorText(err, t))} />
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
