// The generic list of any content type, drawn from the catalogue: chosen
// columns, sorting, keyset paging, a search box and a filter builder.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Drawer, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilter, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addPath } from '../../app/paths';
import { errorText } from '../../app/errors/errorText';
import type { FieldInfo, TypeInfo } from '../../data/catalog';
import { useList } from '../../data/hooks';
import { profileOnce } from '../../data/profile';
import type { Entity } from '../../data/types';
import { requestFields, saveColumns, savedColumns } from './columns';
import { ColumnPicker } from './ColumnPicker';
import { GroupEditor } from './FilterBuilder';
import { combineFilters, countTerms, newGroup, toFilterConfig, type GroupNode } from './filterModel';
import { ListTable, type Sort } from './ListTable';
import { searchFields, searchFilter } from './search';
import { WithType } from './WithType';

export interface EntityListPageProps {
  contentType: string;
  /** The screen's own filter (a FilterConfig, a term group or a saved filter link). */
  filter?: unknown;
  title?: string;
  /** Where a row leads (its card by default) and where "add" leads (the generic form by default). */
  rowPath?(item: Entity): string;
  addTo?: string;
  /** Fields beyond the catalogue's offered as columns (a program's extra deal fields). */
  moreFields?: FieldInfo[];
}

function EntityList({ type, filter, title, rowPath, addTo }: Omit<EntityListPageProps, 'contentType'> & { type: TypeInfo }) {
  const { t } = useTranslation();
  const [columns, setColumns] = useState(() => savedColumns(type));
  const [sort, setSort] = useState<Sort | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [draft, setDraft] = useState<GroupNode>(() => newGroup());
  const [applied, setApplied] = useState<GroupNode>(() => newGroup());
  const [filterOpen, setFilterOpen] = useState(false);

  const fields = useMemo(() => columns.map((n) => type.fields.find((f) => f.name === n)!).filter(Boolean), [columns, type]);
  const combined = useMemo(
    () => combineFilters(combineFilters(filter, toFilterConfig(applied, type)), searchFilter(type, debouncedSearch)),
    [filter, applied, type, debouncedSearch],
  );
  const list = useList({
    contentType: type.name,
    endpoint: type.endpoint,
    filter: combined,
    sortBy: sort ? [sort] : undefined,
    fields: requestFields(type, columns),
  });
  const activeTerms = countTerms(applied, type);
  useEffect(() => {
    if (list.state === 'completed') profileOnce(`list.${type.name}`);
  }, [list.state, type.name]);

  const changeColumns = useCallback(
    (names: string[]) => {
      setColumns(names);
      saveColumns(type.name, names);
    },
    [type.name],
  );

  return (
    <Stack gap="sm" p="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Title order={2}>{title ?? type.label}</Title>
          {list.count !== undefined && (
            <Badge variant="light" data-testid="entity-count">
              {t(list.countCapped ? 'entity.list.countOver' : 'entity.list.count', { count: list.count })}
            </Badge>
          )}
        </Group>
        <Button component={RouterLink} to={addTo ?? addPath(type.name)} leftSection={<IconPlus size={16} />} data-testid="entity-add">
          {t('entity.list.add')}
        </Button>
      </Group>
      <Group gap="xs">
        {searchFields(type).length > 0 && (
          <TextInput
            placeholder={t('entity.list.search')}
            aria-label={t('entity.list.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-testid="entity-search"
            w={280}
          />
        )}
        <Button variant="default" leftSection={<IconFilter size={16} />} onClick={() => setFilterOpen(true)} data-testid="entity-filter">
          {t('entity.list.filter')}
          {activeTerms > 0 && (
            <Badge size="xs" ml={6} circle>
              {activeTerms}
            </Badge>
          )}
        </Button>
        <ColumnPicker type={type} columns={columns} onChange={changeColumns} />
      </Group>
      {list.state === 'error' && <Alert color="red">{errorText(list.error, t)}</Alert>}
      {list.state === 'completed' && list.items.length === 0 && <Text c="dimmed">{t('entity.list.empty')}</Text>}
      <ListTable
        columns={fields}
        items={list.items}
        sort={sort}
        onSort={setSort}
        hasMoreNext={list.hasMoreNext}
        hasMorePrev={list.hasMorePrev}
        nextState={list.nextState}
        prevState={list.prevState}
        loadNext={list.loadNext}
        loadPrev={list.loadPrev}
        rowPath={rowPath}
      />
      <Drawer opened={filterOpen} onClose={() => setFilterOpen(false)} position="right" size="xl" title={t('entity.list.filter')}>
        <Stack>
          <GroupEditor node={draft} type={type} onChange={setDraft} />
          <Group justify="flex-end">
            <Button
              variant="subtle"
              onClick={() => {
                const empty = newGroup();
                setDraft(empty);
                setApplied(empty);
              }}
            >
              {t('filter.reset')}
            </Button>
            <Button
              onClick={() => {
                setApplied(draft);
                setFilterOpen(false);
              }}
              data-testid="filter-apply"
            >
              {t('filter.apply')}
            </Button>
          </Group>
        </Stack>
      </Drawer>
    </Stack>
  );
}

// WithMore adds the caller's fields to the type, keeping its identity while they stay the same.
function WithMore({ type, moreFields, ...rest }: Omit<EntityListPageProps, 'contentType'> & { type: TypeInfo }) {
  const typ = useMemo(() => (moreFields?.length ? { ...type, fields: [...type.fields, ...moreFields] } : type), [type, moreFields]);
  return <EntityList type={typ} {...rest} />;
}

export default function EntityListPage({ contentType, ...rest }: EntityListPageProps) {
  return <WithType contentType={contentType}>{(type) => <WithMore key={type.name} type={type} {...rest} />}</WithType>;
}
