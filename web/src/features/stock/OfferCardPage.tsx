// /offers/{id}/card: an offer with its price and its prices per price
// list (OfferPricesBlock), its pictures (uploaded
// here: OfferPictures) and its balances by warehouse.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useEntity } from '../../data/hooks';
import { money } from '../deal/money';
import { BalancesTable } from './BalancesTable';
import { OfferPictures } from './OfferPictures';
import { OfferPricesBlock } from './OfferPricesBlock';
import { offerBalances, type Balance } from './stockApi';
import { useStockEvents } from './useStockEvents';

export default function OfferCardPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { entity: offer, state, error, reload } = useEntity('Offer', id);
  const [items, setItems] = useState<Balance[]>([]);
  const [seq, setSeq] = useState(0);
  useEffect(() => {
    offerBalances(id).then(setItems, () => setItems([]));
  }, [id, seq]);
  useStockEvents(() => setSeq((n) => n + 1));
  if (state === 'error') return <Alert color="red">{errorText(error, t)}</Alert>;
  return (
    <Stack gap="md" p="md" data-testid="offer-card">
      <Group justify="space-between" align="flex-start">
        <Title order={2}>{String(offer?.name ?? '')}</Title>
        <Group gap="md">
          <Anchor component={RouterLink} to={`/entity/Offer/${id}/edit`} size="sm" data-testid="offer-edit">
            {t('stock.card.edit')}
          </Anchor>
          <Anchor component={RouterLink} to="/offers" size="sm">
            {t('stock.offers.toList')}
          </Anchor>
        </Group>
      </Group>
      <Group gap="xl">
        <Text size="sm">
          {t('stock.offers.article')}: {String(offer?.article ?? '—')}
        </Text>
        <Text size="sm" fw={600} data-testid="offer-price-text">
          {t('stock.offers.price')}: {money(offer?.price)}
        </Text>
      </Group>
      {offer?.description ? <Text size="sm">{String(offer.description)}</Text> : null}
      <OfferPricesBlock offer={id} />
      <OfferPictures id={id} offer={offer} onChanged={reload} />
      <Title order={4}>{t('stock.balances.title')}</Title>
      <BalancesTable items={items} by="warehouse" />
    </Stack>
  );
}
