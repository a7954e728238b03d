// What a warehouse lacks for a consignment's rows or a deal's positions
// (POST /warehouse/{id}/deficitOffers), shown before the server would
// refuse the reserve or the perform.
import { useEffect, useState } from 'react';
import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LinkName } from '../../fields/link/LinkName';
import type { Link } from '../../data/types';
import { deficits, type Deficit } from './stockApi';

const num = (v: number) => v.toLocaleString(undefined, { maximumFractionDigits: 3 });

export function DeficitWarning({ warehouse, of, version }: { warehouse: Link; of: Link; version: number }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Deficit[]>([]);
  useEffect(() => {
    let live = true;
    deficits(warehouse.id, of).then((d) => live && setItems(d), () => live && setItems([]));
    return () => {
      live = false;
    };
  }, [warehouse.id, of.contentType, of.id, version]);
  if (items.length === 0) return null;
  return (
    <Alert color="yellow" title={t('stock.deficit.title')} data-testid="consignment-deficit">
      <List size="sm">
        {items.map((d) => (
          <List.Item key={d.offer.id}>
            <LinkName link={d.offer} /> — {t('stock.deficit.line', { need: num(d.need), available: num(d.available) })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
