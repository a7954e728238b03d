// /offers/{id}/card: an offer with its price, its images (attachments
// that are pictures) and its balances by warehouse.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useEntity } from '../../data/hooks';
import type { Link } from '../../data/types';
import { downloadHref } from '../files/api';
import { money } from '../deal/money';
import { BalancesTable } from './BalancesTable';
import { offerBalances, type Balance } from './stockApi';
import { useStockEvents } from './useStockEvents';

const IMAGE = /\.(png|jpe?g|gif|webp|svg)$/i;

export default function OfferCardPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { entity: offer, state, error } = useEntity('Offer', id);
  const [items, setItems] = useState<Balance[]>([]);
  const [seq, setSeq] = useState(0);
  useEffect(() => {
    offerBalances(id).then(setItems, () => setItems([]));
  }, [id, seq]);
  useStockEvents(() => setSeq((n) => n + 1));
  if (state === 'error') return <Alert color="red">{errorText(error, t)}</Alert>;
  const files = ((offer?.attaches as (Link & { name?: string; path?: string })[] | undefined) ?? []).filter((f) => IMAGE.test(String(f.name ?? '')));
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
      <Title order={4}>{t('stock.offers.images')}</Title>
      {files.length ? (
        <Group>
          {files.map((f) => (
            <Image key={f.id} src={downloadHref(f)} alt={String(f.name ?? '')} h={120} w="auto" radius="sm" />
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('stock.offers.noImages')}
        </Text>
      )}
      <Title order={4}>{t('stock.balances.title')}</Title>
      <BalancesTable items={items} by="warehouse" />
    </Stack>
  );
}
