// The invoice's rows as an editable table, each with the sum the server
// will compute (totals.ts): name, quantity, unit, price, discount, VAT;
// a row is added blank or from the catalogue (OfferPick), which takes the
// place of a blank row still untouched.
import { ActionIcon, Button, Group, NumberInput, Select, Table, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { kopecksText } from './format';
import { OfferPick } from './OfferPick';
import { emptyRow, rowSums, type RowDraft } from './totals';

export { emptyRow } from './totals';

const VAT = ['none', '0', '10', '20'];

export function RowsEditor({ rows, onChange, readOnly, priceList }: { rows: RowDraft[]; onChange(rows: RowDraft[]): void; readOnly: boolean; priceList?: string | null }) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<RowDraft>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const num = (v: string | number) => (typeof v === 'number' ? v : Number(v) || 0);
  return (
    <>
      <Table data-testid="invoice-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('finance.rows.name')}</Table.Th>
            <Table.Th w={90}>{t('finance.rows.quantity')}</Table.Th>
            <Table.Th w={80}>{t('finance.rows.unit')}</Table.Th>
            <Table.Th w={130}>{t('finance.rows.price')}</Table.Th>
            <Table.Th w={170}>{t('finance.rows.discount')}</Table.Th>
            <Table.Th w={200}>{t('finance.rows.vat')}</Table.Th>
            <Table.Th w={130} style={{ textAlign: 'right' }}>{t('finance.rows.sum')}</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={r.id ?? `new-${i}`} data-testid="invoice-row-edit">
              <Table.Td>
                <TextInput size="xs" value={r.name} disabled={readOnly} onChange={(e) => set(i, { name: e.currentTarget.value })} data-testid="row-name" />
              </Table.Td>
              <Table.Td>
                <NumberInput size="xs" value={r.quantity} min={0} decimalScale={3} disabled={readOnly} onChange={(v) => set(i, { quantity: num(v) })} data-testid="row-quantity" />
              </Table.Td>
              <Table.Td>
                <TextInput size="xs" value={r.unit} disabled={readOnly} onChange={(e) => set(i, { unit: e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <NumberInput size="xs" value={r.price} min={0} decimalScale={2} disabled={readOnly} onChange={(v) => set(i, { price: num(v) })} data-testid="row-price" />
              </Table.Td>
              <Table.Td>
                <NumberInput size="xs" value={r.discount} min={0} decimalScale={2} disabled={readOnly} onChange={(v) => set(i, { discount: num(v) })}
                  rightSectionWidth={56}
                  rightSection={
                    <Select size="xs" variant="unstyled" value={r.discountType} disabled={readOnly} allowDeselect={false} onChange={(v) => set(i, { discountType: v === 'absolute' ? 'absolute' : 'percent' })}
                      data={[{ value: 'percent', label: '%' }, { value: 'absolute', label: '₽' }]} />
                  } />
              </Table.Td>
              <Table.Td>
                <Select size="xs" value={`${r.vatRate ?? 'none'}${r.vatOnTop ? '+' : ''}`} disabled={readOnly} allowDeselect={false}
                  onChange={(v) => {
                    const s = v ?? 'none';
                    const rate = s.replace('+', '');
                    set(i, { vatRate: rate === 'none' ? null : Number(rate), vatOnTop: s.endsWith('+') });
                  }}
                  data={VAT.flatMap((rate) =>
                    rate === 'none'
                      ? [{ value: 'none', label: t('finance.rows.noVat') }]
                      : [
                          { value: rate, label: t('finance.rows.vatIncluded', { rate }) },
                          { value: `${rate}+`, label: t('finance.rows.vatOnTop', { rate }) },
                        ],
                  )} />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }} data-testid="row-sum">
                {kopecksText(rowSums(r).sum)}
              </Table.Td>
              <Table.Td>
                {!readOnly && (
                  <ActionIcon variant="subtle" color="red" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={t('finance.rows.remove')}>
                    <IconTrash size={14} />
                  </ActionIcon>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!readOnly && (
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => onChange([...rows, emptyRow()])} data-testid="invoice-add-row">
            {t('finance.rows.add')}
          </Button>
          <OfferPick priceList={priceList} onPick={(row) => onChange([...rows.filter((r) => r.id || r.name.trim() || r.price), row])} />
        </Group>
      )}
    </>
  );
}
