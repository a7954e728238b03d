// "Add from the catalogue" under the invoice's rows: an offer searched by
// name becomes a row with the offer's name, unit, price and VAT, linked to
// the offer (OfferRow.offer); its figures stay editable.
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api';
import type { Entity } from '../../data/types';
import { linkOf, useLinkSearch } from '../../fields/link/search';
import { emptyRow, type RowDraft } from './totals';

const FIELDS = ['name', 'price', 'priceWithoutTax', 'tax', 'unit'];
const amount = (m: unknown) => (m as { value?: number } | null)?.value;

/** rowOfOffer is an offer as an invoice row: VAT on top when only its price before VAT is set. */
export function rowOfOffer(offer: Entity): RowDraft {
  const onTop = amount(offer.price) === undefined && amount(offer.priceWithoutTax) !== undefined;
  return {
    ...emptyRow(),
    name: String(offer.name ?? ''),
    unit: String((offer.unit as { name?: string } | null)?.name ?? ''),
    price: (onTop ? amount(offer.priceWithoutTax) : amount(offer.price)) ?? 0,
    vatRate: (offer.tax as { rate?: number } | null)?.rate ?? null,
    vatOnTop: onTop,
    offer: { contentType: 'Offer', id: String(offer.id) },
  };
}

export function OfferPick({ onPick }: { onPick(row: RowDraft): void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const { options, loading } = useLinkSearch(['Offer'], search, opened);
  const pick = async (value: string | null) => {
    if (!value) return;
    setSearch('');
    const offer = (await api.get<Entity>(`offer/${linkOf(value).id}`, { fields: FIELDS })).data;
    onPick(rowOfOffer(offer));
  };
  return (
    <Select size="xs" w={280} searchable value={null} data={options.map((o) => ({ value: o.value, label: o.label }))}
      searchValue={search} onSearchChange={setSearch} onDropdownOpen={() => setOpened(true)} onChange={(v) => void pick(v)}
      filter={({ options: all }) => all} placeholder={t('finance.rows.fromCatalogue')} data-testid="invoice-add-offer"
      nothingFoundMessage={loading ? t('field.link.searching') : t('field.link.nothingFound')} />
  );
}
