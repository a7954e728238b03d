// The deals: a bar of programs by group with their deal counts, and the chosen
// program's deals as a list or as a kanban of its states. A deal named in
// the address opens beside them. Quick add puts a new deal in the
// program's entry state.
import { useMemo, useState } from 'react';
import { Box, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconLayoutKanban, IconList } from '@tabler/icons-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api';
import { useList } from '../../data/hooks';
import { reloadLists } from '../../data/lists';
import { useSession } from '../../app/session';
import EntityListPage from '../entity/EntityListPage';
import { DealBoard } from './DealBoard';
import { ProgramsBar } from './ProgramsBar';
import { asFieldInfo, useProgramFields } from './programFields';
import { WidgetSlot } from '../integration/widgets/WidgetSlot';

type View = 'list' | 'kanban';

/** KANBAN is the feature that offers a program's deals as a kanban. */
const KANBAN = 'bums.trade.show_kanban_in_deals';

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

export default function DealListPage({ programId, groupId, filter }: { programId?: string; groupId?: string; filter?: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The same lists as the bar's: one read serves both.
  const programs = useList({ contentType: 'Program', endpoint: 'program', fields: ['name', 'programGroup'], limit: 50 });
  const groups = useList({ contentType: 'ProgramGroup', endpoint: 'programGroup', fields: ['name'], limit: 50 });
  const [view, setView] = useLocalStorage<View>({ key: 'artel.deal.view', defaultValue: 'kanban', getInitialValueInEffect: false });
  const one = programId && /^\d+$/.test(programId) ? programId : undefined;
  const title =
    (one ? String(programs.items.find((p) => String(p.id) === one)?.name ?? '') : String(groups.items.find((g) => String(g.id) === groupId)?.name ?? '')) || t('deal.title');
  // The kanban is offered while its feature is on (bums.trade.show_kanban_in_deals).
  const kanbanOn = useSession().isFeatureOn(KANBAN);
  const shown = one && kanbanOn && view === 'kanban' ? 'kanban' : 'list';
  // The program's fields are offered as columns; the list is made again
  // once they arrive, so saved columns naming them are kept.
  const { fields: extras } = useProgramFields(one);
  const moreFields = useMemo(() => extras.map(asFieldInfo), [extras]);
  return (
    <Stack gap={0}>
      <ProgramsBar programId={one} groupId={groupId} />
      <WidgetSlot placeholder="deal_list" />
      {one && (
        <Group px="md" pt="xs" gap="xs" justify="space-between">
          <Group gap={4} display={kanbanOn ? undefined : 'none'}>
            <Button size="xs" variant={shown === 'list' ? 'filled' : 'default'} leftSection={<IconList size={14} />} onClick={() => setView('list')} data-testid="deal-view-list">
              {t('deal.view.list')}
            </Button>
            <Button size="xs" variant={shown === 'kanban' ? 'filled' : 'default'} leftSection={<IconLayoutKanban size={14} />} onClick={() => setView('kanban')} data-testid="deal-view-kanban">
              {t('deal.view.kanban')}
            </Button>
          </Group>
          <Group gap="xs">
            <WidgetSlot placeholder="deal_list_buttons" />
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
          <EntityListPage key={JSON.stringify([filter ?? null, moreFields.map((f) => f.name)])} contentType="Deal" filter={filter} title={title} moreFields={moreFields} />
        </Box>
      )}
    </Stack>
  );
}
