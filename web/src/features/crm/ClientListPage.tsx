// /crm/filter/{filterId?}: people and companies in one list (GET
// /contractor) or one type at a time, through a client filter (all, mine,
// dropped, saved ones; each with its count), searched by the server's
// `q`, which finds a client by name, e-mail or a phone however it is
// written (docs/crm.md).
import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, Group, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileImport, IconPlus, IconSearch, IconSettings } from '@tabler/icons-react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { cardPath } from '../../app/paths';
import { useSession } from '../../app/session';
import { api } from '../../data/api';
import { useList } from '../../data/hooks';
import type { Entity } from '../../data/types';
import { displayName } from '../../format/displayName';
import { BulkBar, selectionKey } from './BulkBar';
import { listFields, sortBy, type ColumnKey } from './columns';
import { useColumns, useSort } from './listPrefs';
import { COMPANY, HUMAN } from './contacts';
import { ImportWizard } from './ImportWizard';
import { ColumnCells, ColumnHeads, ColumnsMenu, SortMenu } from './ListColumns';
import { DeleteFilterButton, EditFilterButton, SaveFilterButton } from './SavedFilter';
import { WidgetSlot } from '../integration/widgets/WidgetSlot';

type Kind = 'all' | 'people' | 'companies';

const ENDPOINTS: Record<Kind, { endpoint: string; contentType: string }> = {
  all: { endpoint: 'contractor', contentType: HUMAN },
  people: { endpoint: 'contractorHuman', contentType: HUMAN },
  companies: { endpoint: 'contractorCompany', contentType: COMPANY },
};

const SYSTEM_FILTERS = ['all', 'mine', 'dropped'];

/** listFilter: a built-in filter by name, a saved one by number, else the live clients. */
export function listFilter(filterId: string | undefined): { contentType: 'CrmFilter'; id: string } {
  if (filterId && (SYSTEM_FILTERS.includes(filterId) || /^\d+$/.test(filterId))) return { contentType: 'CrmFilter', id: filterId };
  return { contentType: 'CrmFilter', id: 'all' };
}

interface FilterInfo {
  id: string;
  title?: string;
  count?: number;
}

/** useFilters: the client filters with their counts (GET /crmFilter), asked again when the list changes. */
function useFilters(version: string): FilterInfo[] {
  const [filters, setFilters] = useState<FilterInfo[]>([]);
  useEffect(() => {
    let live = true;
    api.get<FilterInfo[]>('crmFilter').then(
      (env) => live && setFilters(Array.isArray(env.data) ? env.data.map((f) => ({ ...f, id: String(f.id) })) : []),
      // The panel is a convenience: the list works without it.
      (err: unknown) => console.warn('artel: client filters not loaded', err),
    );
    return () => {
      live = false;
    };
  }, [version]);
  return filters;
}

function Row({ item, columns, checked, onCheck }: { item: Entity; columns: ColumnKey[]; checked: boolean; onCheck(on: boolean): void }) {
  const { t } = useTranslation();
  const company = item.contentType === COMPANY;
  return (
    <Table.Tr data-testid="client-row" data-id={String(item.id)}>
      <Table.Td w={32}>
        <Checkbox aria-label={t('crm.bulk.pick')} checked={checked} onChange={(e) => onCheck(e.currentTarget.checked)} data-testid="client-pick" />
      </Table.Td>
      <Table.Td>
        <Anchor component={RouterLink} to={cardPath({ contentType: item.contentType, id: String(item.id) })} data-testid="client-name">
          {displayName(item, t)}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={company ? 'grape' : 'blue'}>
          {company ? t('crm.kind.company') : t('crm.kind.person')}
        </Badge>
      </Table.Td>
      <ColumnCells item={item} columns={columns} />
    </Table.Tr>
  );
}

/** ExportButton: the list as it is filtered and searched, as a CSV or XLSX file (GET /crmFilter/export), downloaded. */
function ExportButton({ filter, q, format }: { filter: { contentType: string; id: string }; q: string; format: 'csv' | 'xlsx' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const env = await api.get<{ file?: { id: string } }>('crmFilter/export', { filter, query: q.trim() || undefined, format }, { batch: false });
      if (env.data?.file) window.location.assign(`/api/v3/file/${env.data.file.id}/download`);
    } catch (err) {
      notifications.show({ color: 'red', title: t('crm.list.exportFailed'), message: errorText(err, t) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={() => void run()}
      data-testid={format === 'csv' ? 'client-export' : 'client-export-xlsx'}>
      {t(format === 'csv' ? 'crm.list.export' : 'crm.list.exportXlsx')}
    </Button>
  );
}

export default function ClientListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filterId } = useParams();
  const [kind, setKind] = useState<Kind>('all');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const filter = listFilter(filterId);
  const [columns, setColumns] = useColumns();
  const [sort, setSort] = useSort();
  const list = useList({ ...ENDPOINTS[kind], filter, q, fields: listFields(columns), sortBy: sortBy(sort) });
  // edits counts the saved filter's changes here: its title and count are asked again after each.
  const [edits, setEdits] = useState(0);
  const filters = useFilters(`${filter.id}:${list.count ?? ''}:${edits}`);
  // A list kept from an earlier visit may have lost or gained clients
  // (dropped or restored meanwhile): coming back to it reads it again.
  const { state, reload } = list;
  useEffect(() => {
    if (state === 'completed') reload();
    // Only on arrival at a filter (state is left out on purpose): a
    // reload must not follow every load.
  }, [filter.id, reload]);
  const [picked, setPicked] = useState<Set<string>>(() => new Set());
  const selected = list.items.filter((i) => picked.has(selectionKey(i))).map((i) => ({ contentType: i.contentType, id: String(i.id) }));
  const active = filters.find((f) => f.id === filter.id);
  const [importing, setImporting] = useState(false);
  const admin = useSession().currentUser.isAdmin === true;

  return (
    <Stack gap="sm" p="md" data-testid="client-list">
      <WidgetSlot placeholder="client_list" />
      <ImportWizard opened={importing} onClose={() => setImporting(false)} onFinished={() => list.reload()} />
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Title order={2}>{active?.title ?? t('crm.list.title')}</Title>
          {list.count !== undefined && (
            <Badge variant="light" data-testid="client-count">
              {t(list.countCapped ? 'crm.list.countOver' : 'crm.list.count', { count: list.count })}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <ExportButton filter={filter} q={q} format="csv" />
          <ExportButton filter={filter} q={q} format="xlsx" />
          <SortMenu sort={sort} onChange={setSort} />
          <ColumnsMenu columns={columns} onChange={setColumns} />
          {admin && (
            <Button component={RouterLink} to="/settings/crm/lists" variant="default" leftSection={<IconSettings size={16} />} data-testid="client-lists-open">
              {t('crm.lists.open')}
            </Button>
          )}
          <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)} data-testid="client-import">
            {t('crm.import.open')}
          </Button>
          <Button component={RouterLink} to="/crm/add" leftSection={<IconPlus size={16} />} data-testid="client-add-person">
            {t('crm.add.person')}
          </Button>
          <Button component={RouterLink} to="/crm/add?type=company" variant="light" leftSection={<IconPlus size={16} />} data-testid="client-add-company">
            {t('crm.add.company')}
          </Button>
        </Group>
      </Group>
      <Group gap="xs">
        <TextInput
          placeholder={t('crm.list.search')}
          aria-label={t('crm.list.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
          data-testid="client-search"
        />
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as Kind)}
          data={[
            { value: 'all', label: t('crm.list.all') },
            { value: 'people', label: t('crm.list.people') },
            { value: 'companies', label: t('crm.list.companies') },
          ]}
          data-testid="client-kind"
        />
      </Group>
      <Group gap={6} data-testid="crm-filters">
        {filters.map((f) => (
          <Button
            key={f.id}
            size="xs"
            variant={f.id === filter.id ? 'filled' : 'default'}
            onClick={() => navigate(f.id === 'all' ? '/crm/filter' : `/crm/filter/${f.id}`)}
            rightSection={typeof f.count === 'number' ? <Badge size="xs" variant="light">{f.count}</Badge> : undefined}
            data-testid={`crm-filter-${f.id}`}
          >
            {f.title ?? f.id}
          </Button>
        ))}
        <SaveFilterButton q={search} onSaved={(id) => navigate(`/crm/filter/${id}`)} />
        {/^\d+$/.test(filter.id) && (
          <>
            <EditFilterButton id={filter.id} onSaved={() => { setEdits((n) => n + 1); list.reload(); }} />
            <DeleteFilterButton id={filter.id} onDeleted={() => navigate('/crm/filter')} />
          </>
        )}
      </Group>
      <BulkBar
        selected={selected}
        dropped={filter.id === 'dropped'}
        onDone={() => {
          setPicked(new Set());
          list.reload();
        }}
      />
      {/* entity-list: the mark every list screen carries, which the shell's tests look for. */}
      <Stack gap="xs" data-testid="entity-list">
        {list.state === 'error' && <Alert color="red">{errorText(list.error, t)}</Alert>}
        {list.state === 'completed' && list.items.length === 0 && <Text c="dimmed">{t('crm.list.empty')}</Text>}
        {list.items.length > 0 && (
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>{t('crm.column.name')}</Table.Th>
                <Table.Th>{t('crm.column.kind')}</Table.Th>
                <ColumnHeads columns={columns} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.items.map((item) => (
                <Row
                  key={selectionKey(item)}
                  item={item}
                  columns={columns}
                  checked={picked.has(selectionKey(item))}
                  onCheck={(on) =>
                    setPicked((p) => {
                      const next = new Set(p);
                      if (on) next.add(selectionKey(item));
                      else next.delete(selectionKey(item));
                      return next;
                    })
                  }
                />
              ))}
            </Table.Tbody>
          </Table>
        )}
        {list.hasMoreNext && (
          <Button variant="subtle" onClick={list.loadNext} loading={list.nextState === 'pending'} style={{ alignSelf: 'center' }} data-testid="client-more">
            {t('crm.list.more')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
