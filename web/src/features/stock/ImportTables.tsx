// The import session's two tables: the columns with the field each
// fills (changeable) over the file's first rows, and the rows that will
// not be loaded with their messages, each correctable cell by cell and
// kept or left out.
import { useState } from 'react';
import { Checkbox, Select, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IMPORT_FIELDS, type ImportColumn, type ImportRow } from './importApi';
import { usePriceLists } from './priceApi';

export function MappingTable({ columns, preview, disabled, onMap }: {
  columns: ImportColumn[];
  preview: ImportRow[];
  disabled: boolean;
  onMap(column: ImportColumn, field: string): void;
}) {
  const { t } = useTranslation();
  // A column may also be an active price list's prices (priceList.{id}).
  const lists = usePriceLists().filter((l) => l.isActive);
  const fields = [{ value: '', label: t('stock.import.field.none') }, ...IMPORT_FIELDS.map((f) => ({ value: f, label: t(`stock.import.field.${f}`) })),
    ...lists.map((l) => ({ value: `priceList.${l.id}`, label: t('stock.import.field.priceList', { name: l.name }) }))];
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table withTableBorder withColumnBorders data-testid="import-mapping">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.id}>{c.hrName}</Table.Th>
            ))}
          </Table.Tr>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.id}>
                <Select size="xs" data={fields} value={c.fieldName} allowDeselect={false} disabled={disabled}
                  aria-label={c.hrName} data-testid="import-column" data-index={c.index}
                  onChange={(v) => v !== null && v !== c.fieldName && onMap(c, v)} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.map((r) => (
            <Table.Tr key={r.id}>
              {columns.map((c) => (
                <Table.Td key={c.id} c={c.fieldName ? undefined : 'dimmed'}>
                  {r.cells[c.index]?.hrValue ?? ''}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ErrorRowsTable({ columns, rows, disabled, onInclude, onCorrect }: {
  columns: ImportColumn[];
  rows: ImportRow[];
  disabled: boolean;
  onInclude(row: ImportRow, included: boolean): void;
  onCorrect(row: ImportRow, column: number, value: string): void;
}) {
  const { t } = useTranslation();
  if (!rows.length) {
    return (
      <Text size="sm" c="dimmed" data-testid="import-no-errors">
        {t('stock.import.noErrors')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table withTableBorder data-testid="import-errors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.import.row')}</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.id}>{c.hrName}</Table.Th>
            ))}
            <Table.Th>{t('stock.import.message')}</Table.Th>
            <Table.Th>{t('stock.import.included')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid="import-error-row" data-index={r.index}>
              <Table.Td>{r.index}</Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.id}>
                  <CellInput cell={r.cells[c.index]?.hrValue ?? ''} error={r.cells[c.index]?.validationCode === 'error'} disabled={disabled}
                    label={c.hrName} onCommit={(v) => onCorrect(r, c.index, v)} />
                </Table.Td>
              ))}
              <Table.Td>
                <Text size="sm" c="red" data-testid="import-error-message">
                  {r.errorMessage ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Checkbox checked={r.included} disabled={disabled} aria-label={t('stock.import.included')}
                  onChange={(e) => onInclude(r, e.currentTarget.checked)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** CellInput is a cell's text, sent once when the field is left changed (Enter leaves it). */
function CellInput({ cell, error, disabled, label, onCommit }: { cell: string; error: boolean; disabled: boolean; label: string; onCommit(v: string): void }) {
  const [text, setText] = useState(cell);
  return (
    <TextInput size="xs" value={text} error={error} disabled={disabled} aria-label={label} data-testid="import-cell"
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => text !== cell && onCommit(text)}
      onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()} />
  );
}
