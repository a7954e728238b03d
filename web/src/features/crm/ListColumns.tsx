// The chosen columns' headings, cells, the menu that chooses and orders
// them, and the list's order.
import { ActionIcon, Anchor, Button, Checkbox, Group, Menu, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardPath } from '../../app/paths';
import type { Entity, Link } from '../../data/types';
import { formatDateOnly, isDateOnly } from '../../fields/dateOnly/convert';
import { formatDateTime, isDateTime } from '../../fields/dateTime/convert';
import { formatMoney, isMoney } from '../../format/money';
import { nameOf, useClientList } from './clientLists';
import { OPTIONAL_COLUMNS, SORTS, moveColumn, toggleColumn, type ColumnKey, type SortKey } from './columns';
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
          {/* The shown columns first, in their order, each movable; then the others. */}
          {[...columns, ...OPTIONAL_COLUMNS.filter((c) => !columns.includes(c))].map((c) => (
            <Group key={c} gap={4} justify="space-between" wrap="nowrap">
              <Checkbox label={t(`crm.columns.${c}`)} checked={columns.includes(c)} data-testid={`client-column-${c}`}
                onChange={(e) => onChange(toggleColumn(columns, c, e.currentTarget.checked))} />
              {columns.includes(c) && (
                <Group gap={0} wrap="nowrap">
                  <ActionIcon size="sm" variant="subtle" aria-label={t('crm.columns.left')} disabled={columns[0] === c}
                    onClick={() => onChange(moveColumn(columns, c, -1))} data-testid={`client-column-left-${c}`}>
                    <IconArrowUp size={14} />
                  </ActionIcon>
                  <ActionIcon size="sm" variant="subtle" aria-label={t('crm.columns.right')} disabled={columns[columns.length - 1] === c}
                    onClick={() => onChange(moveColumn(columns, c, 1))} data-testid={`client-column-right-${c}`}>
                    <IconArrowDown size={14} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}

/** SortMenu picks the list's order (columns.ts SORTS). */
export function SortMenu({ sort, onChange }: { sort: SortKey; onChange(s: SortKey): void }) {
  const { t } = useTranslation();
  const labels: Record<SortKey, string> = {
    'timeCreated:desc': t('crm.sort.createdNew'),
    'timeCreated:asc': t('crm.sort.createdOld'),
    'timeUpdated:desc': t('crm.sort.updatedNew'),
    'timeUpdated:asc': t('crm.sort.updatedOld'),
    'name:asc': t('crm.sort.nameAsc'),
    'nextCommunicationDate:asc': t('crm.sort.nextContact'),
    'lastCommunicationDate:desc': t('crm.sort.lastContactNew'),
    'lastDealDate:desc': t('crm.sort.lastDeal'),
  };
  return (
    <NativeSelect aria-label={t('crm.sort.label')} value={sort} onChange={(e) => onChange(e.currentTarget.value as SortKey)} data-testid="client-sort"
      data={SORTS.map((s) => ({ value: s, label: labels[s] }))} />
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

/** A client's DateOnly|DateTime as the list shows it. */
function dateText(v: unknown): string {
  if (isDateOnly(v)) return formatDateOnly(v);
  return isDateTime(v) ? formatDateTime(v) : '';
}

/** The next contact's date, opening its to-do, and how many of the client's to-dos are overdue. */
function NextContact({ item }: { item: Entity }) {
  const { t } = useTranslation();
  const todo = item.nextCommunication as Link | null | undefined;
  const when = dateText(item.nextCommunicationDate);
  const late = typeof item.countOverdueCommunications === 'number' ? item.countOverdueCommunications : 0;
  return (
    <Group gap={6} wrap="nowrap">
      {todo?.id && when ? <Anchor component={RouterLink} to={cardPath({ contentType: 'Todo', id: String(todo.id) })}>{when}</Anchor> : when}
      {late > 0 && (
        <Text size="xs" c="red" data-testid="client-overdue">
          {t('crm.columns.overdue', { count: late })}
        </Text>
      )}
    </Group>
  );
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
    case 'nextContact':
      return <NextContact item={item} />;
    case 'lastContact':
      return dateText(item.lastCommunicationDate);
    case 'lastDeal':
      return dateText(item.lastDealDate);
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
