// A consignment's rows: an offer from the catalogue and a quantity each.
import { ActionIcon, Button, NumberInput, Select, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useList } from '../../data/hooks';
import type { RowDraft } from './stockApi';

export function RowsEditor({ rows, onChange, readOnly }: { rows: RowDraft[]; onChange(rows: RowDraft[]): void; readOnly: boolean }) {
  const { t } = useTranslation();
  const offers = useList({ contentType: 'Offer', endpoint: 'offer', fields: ['name', 'price'], limit: 500 });
  const priceOf = (id: string) => (offers.items.find((o) => String(o.id) === id)?.price as { value?: number } | null)?.value ?? 0;
  const data = offers.items.map((o) => ({ value: String(o.id), label: String(o.name ?? o.id) }));
  const set = (i: number, r: Partial<RowDraft>) => onChange(rows.map((row, j) => (j === i ? { ...row, ...r } : row)));
  return (
    <Stack gap="xs">
      <Table data-testid="consignment-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.rows.offer')}</Table.Th>
            <Table.Th w={140}>{t('stock.rows.quantity')}</Table.Th>
            <Table.Th w={160}>{t('stock.rows.price')}</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i} data-testid="consignment-row">
              <Table.Td>
                <Select searchable disabled={readOnly} placeholder={t('stock.rows.offerPick')} data={data} value={r.offer?.id ?? null} data-testid="row-offer"
                  onChange={(id) => set(i, { offer: id ? { contentType: 'Offer', id } : null, price: id ? priceOf(id) : 0 })} />
              </Table.Td>
              <Table.Td>
                <NumberInput min={0} decimalScale={3} disabled={readOnly} value={r.quantity} data-testid="row-quantity"
                  onChange={(v) => set(i, { quantity: typeof v === 'number' ? v : Number(v) || 0 })} />
              </Table.Td>
              <Table.Td>
                <NumberInput min={0} decimalScale={2} disabled={readOnly} value={r.price} data-testid="row-price"
                  onChange={(v) => set(i, { price: typeof v === 'number' ? v : Number(v) || 0 })} />
              </Table.Td>
              <Table.Td>
                {!readOnly && (
                  <ActionIcon variant="subtle" color="red" aria-label={t('stock.rows.remove')} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                    ×
                  </ActionIcon>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!readOnly && (
        <Button variant="default" size="xs" w="fit-content" onClick={() => onChange([...rows, { offer: null, quantity: 1, price: 0 }])} data-testid="row-add">
          {t('stock.rows.add')}
        </Button>
      )}
    </Stack>
  );
}
