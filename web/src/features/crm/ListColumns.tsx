// The chosen columns' headings, cells and the menu that chooses them.
import { Anchor, Button, Checkbox, Menu, Stack, Table, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardPath } from '../../app/paths';
import type { Entity, Link } from '../../data/types';
import { formatMoney, isMoney } from '../../format/money';
import { nameOf, useClientList } from './clientLists';
import { OPTIONAL_COLUMNS, type ColumnKey } from './columns';
import { mainValue } from './contacts';

export function ColumnsMenu({ columns, onChange }: { columns: ColumnKey[]; onChange(c: ColumnKey[]): void }) {
  const { t } = useTranslation();
  return (
    <Menu closeOnItemClick={false} position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />} data-testid="client-columns">
          {t('crm.columns.choose')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={6} p="xs">
          {OPTIONAL_COLUMNS.map((c) => (
            <Checkbox key={c} label={t(`crm.columns.${c}`)} checked={columns.includes(c)} data-testid={`client-column-${c}`}
              onChange={(e) => onChange(e.currentTarget.checked ? OPTIONAL_COLUMNS.filter((x) => x === c || columns.includes(x)) : columns.filter((x) => x !== c))} />
          ))}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}

export function ColumnHeads({ columns }: { columns: ColumnKey[] }) {
  const { t } = useTranslation();
  return columns.map((c) => <Table.Th key={c}>{t(`crm.columns.${c}`)}</Table.Th>);
}

function figure(count: unknown, sum: unknown) {
  if (count === undefined && sum === undefined) return '';
  const money = isMoney(sum) ? formatMoney(sum) : '';
  return typeof count === 'number' ? `${count}${money ? ` · ${money}` : ''}` : money;
}

function ListName({ kind, link }: { kind: 'type' | 'status'; link: unknown }) {
  return nameOf(useClientList(kind), link);
}

function Cell({ item, column }: { item: Entity; column: ColumnKey }) {
  switch (column) {
    case 'type':
    case 'status':
      return <ListName kind={column} link={item[column]} />;
    case 'phone':
      return mainValue(item.contactInfo, 'phone');
    case 'email':
      return mainValue(item.contactInfo, 'email');
    case 'position':
      return typeof item.position === 'string' ? item.position : '';
    case 'company': {
      const c = item.company as (Link & { name?: string }) | null | undefined;
      if (!c?.id) return '';
      return <Anchor component={RouterLink} to={cardPath({ contentType: c.contentType, id: String(c.id) })}>{c.name ?? `#${c.id}`}</Anchor>;
    }
    case 'deals':
      return figure(item.countDeals, item.summDeals);
    case 'invoices':
      return figure(item.countInvoice, item.summInvoice);
    case 'receivable':
      return figure(undefined, item.summAccountReceivable);
    case 'balance': {
      const b = item.balance;
      return isMoney(b) ? <Text size="sm" c={b.value < 0 ? 'red' : undefined}>{formatMoney(b)}</Text> : '';
    }
  }
}

export function ColumnCells({ item, columns }: { item: Entity; columns: ColumnKey[] }) {
  return columns.map((c) => (
    <Table.Td key={c} data-testid={`client-cell-${c}`}>
      <Cell item={item} column={c} />
    </Table.Td>
  ));
}
