// The price list a client or a deal names, picked from the account's
// active lists and saved at once; none is the base price. A deal takes
// its client's list when made (docs/stock.md, "Price lists").
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { saveEntity } from '../../data/hooks';
import type { Entity, Link } from '../../data/types';
import { usePriceLists } from './priceApi';

export function PriceListSelect({ entity, editable, testId }: { entity: Entity; editable: boolean; testId: string }) {
  const { t } = useTranslation();
  const lists = usePriceLists();
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const current = (entity.priceList as Link | null | undefined)?.id;
  const value = current ? String(current) : null;
  const change = async (id: string | null) => {
    setSaving(true);
    try {
      await saveEntity(entity.contentType, String(entity.id), { priceList: id ? { contentType: 'PriceList', id } : null });
      setError(undefined);
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setSaving(false);
    }
  };
  // A list no longer active stays shown where it is named.
  const data = lists.filter((l) => l.isActive || l.id === value).map((l) => ({ value: l.id, label: `${l.name} (${l.currency})` }));
  return (
    <Select
      label={t('stock.priceLists.pick')}
      placeholder={t('stock.priceLists.base')}
      data={data}
      value={value}
      onChange={(v) => void change(v)}
      clearable
      disabled={!editable || saving}
      error={error}
      w={280}
      data-testid={testId}
    />
  );
}
