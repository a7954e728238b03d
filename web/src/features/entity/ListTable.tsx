// The rows of a generic list, virtualised: only the rows in view are in the
// page, and scrolling near either end loads the next or previous page.
import { useEffect, useRef } from 'react';
import { Box, Button, Center, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardPath } from '../../app/paths';
import type { FieldInfo } from '../../data/catalog';
import type { Entity, LoadState } from '../../data/types';
import { fieldKind } from '../../fields';

export interface Sort {
  fieldName: string;
  desc: boolean;
}

interface Props {
  columns: FieldInfo[];
  items: Entity[];
  sort: Sort | null;
  onSort(sort: Sort | null): void;
  hasMoreNext: boolean;
  hasMorePrev: boolean;
  nextState: LoadState;
  prevState: LoadState;
  loadNext(): void;
  loadPrev(): void;
  /** Where a row leads; its card by default. */
  rowPath?(item: Entity): string;
}

const ROW_HEIGHT = 41;
// Rows from the end at which the next page is asked for.
const PREFETCH_ROWS = 5;

/** nextSort: ascending, then descending, then the server's default order. */
export function nextSort(current: Sort | null, fieldName: string): Sort | null {
  if (!current || current.fieldName !== fieldName) return { fieldName, desc: false };
  return current.desc ? null : { fieldName, desc: true };
}

function gridColumns(n: number): string {
  return `minmax(200px, 2fr) repeat(${Math.max(0, n - 1)}, minmax(120px, 1fr))`;
}

function HeaderCell({ field, sort, onSort }: { field: FieldInfo; sort: Sort | null; onSort(s: Sort | null): void }) {
  const active = sort?.fieldName === field.name;
  const Icon = !active ? IconArrowsSort : sort!.desc ? IconArrowDown : IconArrowUp;
  if (!field.sortable) {
    return <Text size="sm" fw={600} truncate>{field.label}</Text>;
  }
  return (
    <UnstyledButton onClick={() => onSort(nextSort(sort, field.name))} data-testid={`sort-${field.name}`} aria-sort={active ? (sort!.desc ? 'descending' : 'ascending') : 'none'}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600} truncate>{field.label}</Text>
        <Icon size={14} opacity={active ? 1 : 0.4} />
      </Group>
    </UnstyledButton>
  );
}

export function ListTable({ columns, items, sort, onSort, hasMoreNext, hasMorePrev, nextState, prevState, loadNext, loadPrev, rowPath = cardPath }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.length ? rows[rows.length - 1].index : -1;

  useEffect(() => {
    if (hasMoreNext && nextState !== 'pending' && nextState !== 'error' && lastIndex >= items.length - PREFETCH_ROWS) loadNext();
  }, [lastIndex, items.length, hasMoreNext, nextState, loadNext]);

  // Rows put in front of the ones in view keep the view where it was.
  const firstKey = items[0] ? `${items[0].contentType}:${items[0].id}` : '';
  const prevFirst = useRef({ key: firstKey, count: items.length });
  useEffect(() => {
    const before = prevFirst.current;
    prevFirst.current = { key: firstKey, count: items.length };
    const added = items.length - before.count;
    if (before.key && firstKey !== before.key && added > 0 && scrollRef.current && items.findIndex((e) => `${e.contentType}:${e.id}` === before.key) === added) {
      scrollRef.current.scrollTop += added * ROW_HEIGHT;
    }
  }, [firstKey, items]);

  const template = gridColumns(columns.length);
  return (
    <Box style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}>
      <Box px="sm" py={8} style={{ display: 'grid', gridTemplateColumns: template, gap: 12, borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        {columns.map((f) => (
          <HeaderCell key={f.name} field={f} sort={sort} onSort={onSort} />
        ))}
      </Box>
      <Box ref={scrollRef} data-testid="entity-list" style={{ height: 'calc(100vh - 220px)', minHeight: 240, overflow: 'auto' }}>
        {hasMorePrev && (
          <Center py={6}>
            <Button size="xs" variant="subtle" loading={prevState === 'pending'} onClick={loadPrev} data-testid="entity-list-prev">
              {t('entity.list.loadPrev')}
            </Button>
          </Center>
        )}
        <Box style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {rows.map((row) => {
            const item = items[row.index];
            return (
              <Box
                key={`${item.contentType}:${item.id}`}
                data-testid="entity-row"
                data-id={item.id}
                role="link"
                tabIndex={0}
                onClick={() => navigate(rowPath(item))}
                onKeyDown={(e) => e.key === 'Enter' && navigate(rowPath(item))}
                px="sm"
                style={{
                  position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${row.start}px)`,
                  display: 'grid', gridTemplateColumns: template, gap: 12, alignItems: 'center', cursor: 'pointer',
                  borderBottom: '1px solid var(--mantine-color-default-border)',
                }}
              >
                {columns.map((f) => {
                  const { Display } = fieldKind(f.kind);
                  return (
                    <Box key={f.name} fz="sm" style={{ overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>
                      <Display value={item[f.name]} field={f} compact />
                    </Box>
                  );
                })}
              </Box>
            );
          })}
        </Box>
        {nextState === 'pending' && (
          <Center py="sm">
            <Loader size="sm" />
          </Center>
        )}
        {hasMoreNext && nextState !== 'pending' && (
          <Center py={6}>
            <Button size="xs" variant="subtle" onClick={loadNext} data-testid="entity-list-more">
              {t('entity.list.loadMore')}
            </Button>
          </Center>
        )}
      </Box>
    </Box>
  );
}
