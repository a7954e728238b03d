// "Add from the catalogue" under the invoice's rows: an offer searched by
// name becomes a row with the offer's name, unit, price (in the invoice's
// price list when it has one there) and VAT, linked to the offer
// (OfferRow.offer); its figures stay editable.
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api';
import type { Entity } from '../../data/types';
import { linkOf, useLinkSearch } from '../../fields/link/search';
import { offerPrices } from '../stock/priceApi';
import { emptyRow, type RowDraft } from './totals';

const FIELDS = ['name', 'price', 'priceWithoutTax', 'tax', 'unit'];
const amount = (m: unknown) => (m as { value?: number } | null)?.value;

/**
 * rowOfOffer is an offer as an invoice row: its price in the invoice's
 * price list when it has one there (listPrice, VAT included, as the server
 * prices such a row), else its base price, VAT on top when only its price
 * before VAT is set.
 */
export function rowOfOffer(offer: Entity, listPrice?: number): RowDraft {
  const onTop = listPrice === undefined && amount(offer.price) === undefined && amount(offer.priceWithoutTax) !== undefined;
  return {
    ...emptyRow(),
    name: String(offer.name ?? ''),
    unit: String((offer.unit as { name?: string } | null)?.name ?? ''),
    price: listPrice ?? (onTop ? amount(offer.priceWithoutTax) : amount(offer.price)) ?? 0,
    vatRate: (offer.tax as { rate?: number } | null)?.rate ?? null,
    vatOnTop: onTop,
    offer: { contentType: 'Offer', id: String(offer.id) },
  };
}

/**
 * listPriceOf is an offer's price in a list the editor can bill in: an
 * active list in roubles (the editor's rows are in roubles); undefined
 * otherwise, and the base price applies.
 */
async function listPriceOf(offer: string, list: string | null | undefined): Promise<number | undefined> {
  if (!list) return undefined;
  const [prices, pl] = await Promise.all([offerPrices(offer), api.get<Entity>(`priceList/${list}`).then((r) => r.data, () => null)]);
  const price = prices.find((p) => p.list === list);
  if (!price || !pl || pl.isActive === false || price.currency !== 'RUB') return undefined;
  return price.value;
}

export function OfferPick({ priceList, onPick }: { priceList?: string | null; onPick(row: RowDraft): void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const { options, loading } = useLinkSearch(['Offer'], search, opened);
  const pick = async (value: string | null) => {
    if (!value) return;
    setSearch('');
    const id = linkOf(value).id;
    const [offer, listPrice] = await Promise.all([api.get<Entity>(`offer/${id}`, { fields: FIELDS }).then((r) => r.data), listPriceOf(id, priceList)]);
    onPick(rowOfOffer(offer, listPrice));
  };
  return (
    <Select size="xs" w={280} searchable value={null} data={options.map((o) => ({ value: o.value, label: o.label }))}
      searchValue={search} onSearchChange={setSearch} onDropdownOpen={() => setOpened(true)} onChange={(v) => void pick(v)}
      filter={({ options: all }) => all} placeholder={t('finance.rows.fromCatalogue')} data-testid="invoice-add-offer"
      nothingFoundMessage={loading ? t('field.link.searching') : t('field.link.nothingFound')} />
  );
}
