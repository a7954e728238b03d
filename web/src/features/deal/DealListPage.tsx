// The deals: a bar of programs with their deal counts, and the chosen
// program's deals as a list or as a kanban of its states. A deal named in
// the address opens beside them. Quick add puts a new deal in the
// program's entry state.
import { useState } from 'react';
import { Badge, Box, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconLayoutKanban, IconList } from '@tabler/icons-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dealProgramFilter } from '../../app/mapping/filters';
import { api } from '../../data/api';
import { useList } from '../../data/hooks';
import { reloadLists } from '../../data/lists';
import type { Entity } from '../../data/types';
import EntityListPage from '../entity/EntityListPage';
import { DealBoard } from './DealBoard';

type View = 'list' | 'kanban';

const programPath = (id: string) => `/bp/${id}/list`;

function ProgramTab({ program, active }: { program: Entity; active: boolean }) {
  const id = String(program.id);
  const deals = useList({ contentType: 'Deal', endpoint: 'deal', filter: dealProgramFilter(id), fields: ['name'], limit: 1 });
  return (
    <Button component={RouterLink} to={programPath(id)} size="xs" variant={active ? 'filled' : 'default'} data-testid="deal-program" data-name={String(program.name ?? '')}
      rightSection={<Badge size="xs" variant="white">{deals.count ?? '…'}</Badge>}>
      {String(program.name ?? id)}
    </Button>
  );
}

function QuickAdd({ programId }: { programId: string }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (!name.trim()) return;
    setBusy(true);
    try {
      await api.post('deal', { name: name.trim(), program: { contentType: 'Program', id: programId } });
      setName('');
      reloadLists('Deal');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs">
      <TextInput size="xs" value={name} onChange={(e) => setName(e.currentTarget.value)} placeholder={t('deal.add.placeholder')} data-testid="deal-quick-name"
        onKeyDown={(e) => e.key === 'Enter' && void add()} />
      <Button size="xs" onClick={() => void add()} loading={busy} data-testid="deal-quick-add">
        {t('deal.add.button')}
      </Button>
    </Group>
  );
}

export default function DealListPage({ programId, filter }: { programId?: string; filter?: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const programs = useList({ contentType: 'Program', endpoint: 'program', fields: ['name'], limit: 50 });
  const all = useList({ contentType: 'Deal', endpoint: 'deal', fields: ['name'], limit: 1 });
  const [view, setView] = useLocalStorage<View>({ key: 'artel.deal.view', defaultValue: 'kanban', getInitialValueInEffect: false });
  const one = programId && /^\d+$/.test(programId) ? programId : undefined;
  const title = (one && String(programs.items.find((p) => String(p.id) === one)?.name ?? '')) || t('deal.title');
  const shown = one && view === 'kanban' ? 'kanban' : 'list';
  return (
    <Stack gap={0}>
      <Group px="md" pt="sm" gap="xs">
        <Button component={RouterLink} to="/deals/list/-1" size="xs" variant={one ? 'default' : 'filled'}
          rightSection={<Badge size="xs" variant="white">{all.count ?? '…'}</Badge>}>
          {t('deal.programs.all')}
        </Button>
        {programs.items.map((p) => (
          <ProgramTab key={String(p.id)} program={p} active={String(p.id) === one} />
        ))}
        <Button component={RouterLink} to="/bp/new" size="xs" variant="subtle" data-testid="deal-program-new">
          {t('deal.programs.new')}
        </Button>
      </Group>
      {one && (
        <Group px="md" pt="xs" gap="xs" justify="space-between">
          <Group gap={4}>
            <Button size="xs" variant={shown === 'list' ? 'filled' : 'default'} leftSection={<IconList size={14} />} onClick={() => setView('list')} data-testid="deal-view-list">
              {t('deal.view.list')}
            </Button>
            <Button size="xs" variant={shown === 'kanban' ? 'filled' : 'default'} leftSection={<IconLayoutKanban size={14} />} onClick={() => setView('kanban')} data-testid="deal-view-kanban">
              {t('deal.view.kanban')}
            </Button>
          </Group>
          <Group gap="xs">
            <QuickAdd programId={one} />
            <Button component={RouterLink} to={`/bp/${one}/settings`} size="xs" variant="default" data-testid="deal-program-settings">
              {t('deal.programs.settings')}
            </Button>
          </Group>
        </Group>
      )}
      {shown === 'kanban' && one ? (
        <Stack gap="sm" p="md">
          <Title order={2}>{title}</Title>
          <DealBoard key={one} programId={one} filter={filter} onOpen={(id) => navigate(`/bp/${one}/card/${id}`)} />
        </Stack>
      ) : (
        <Box>
          <EntityListPage key={JSON.stringify(filter ?? null)} contentType="Deal" filter={filter} title={title} />
        </Box>
      )}
    </Stack>
  );
}
