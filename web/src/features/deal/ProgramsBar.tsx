// The deals bar: all deals, then each program group (its deals' count;
// /deals/list/{groupId} lists them) with its programs, then the programs
// of no group, each with its deal count.
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dealGroupFilter, dealProgramFilter } from '../../app/mapping/filters';
import { useList } from '../../data/hooks';
import type { Entity } from '../../data/types';
import { sectionsOf } from './programGroups';

const programPath = (id: string) => `/bp/${id}/list`;

function Count({ filter }: { filter: unknown }) {
  const deals = useList({ contentType: 'Deal', endpoint: 'deal', filter, fields: ['name'], limit: 1 });
  return <Badge size="xs" variant="white">{deals.count ?? '…'}</Badge>;
}

function ProgramTab({ program, active }: { program: Entity; active: boolean }) {
  const id = String(program.id);
  return (
    <Button component={RouterLink} to={programPath(id)} size="xs" variant={active ? 'filled' : 'default'} data-testid="deal-program" data-name={String(program.name ?? '')}
      rightSection={<Count filter={dealProgramFilter(id)} />}>
      {String(program.name ?? id)}
    </Button>
  );
}

export function ProgramsBar({ programId, groupId }: { programId?: string; groupId?: string }) {
  const { t } = useTranslation();
  const programs = useList({ contentType: 'Program', endpoint: 'program', fields: ['name', 'programGroup'], limit: 50 });
  const groups = useList({ contentType: 'ProgramGroup', endpoint: 'programGroup', fields: ['name'], limit: 50 });
  const all = !programId && (!groupId || !/^\d+$/.test(groupId));
  return (
    <Group px="md" pt="sm" gap="xs" data-testid="deal-programs">
      <Button component={RouterLink} to="/deals/list/-1" size="xs" variant={all ? 'filled' : 'default'} rightSection={<Count filter={undefined} />}>
        {t('deal.programs.all')}
      </Button>
      {sectionsOf(programs.items, groups.items).map((s) =>
        s.group ? (
          <Paper key={String(s.group.id)} withBorder px={6} py={4} data-testid="deal-group" data-name={String(s.group.name ?? '')}>
            <Group gap={6}>
              <Button component={RouterLink} to={`/deals/list/${s.group.id}`} size="xs" variant={!programId && groupId === String(s.group.id) ? 'filled' : 'subtle'}
                rightSection={<Count filter={dealGroupFilter(String(s.group.id))} />} data-testid="deal-group-open">
                <Text size="xs" fw={600}>{String(s.group.name || t('deal.programs.unnamedGroup'))}</Text>
              </Button>
              {s.programs.map((p) => (
                <ProgramTab key={String(p.id)} program={p} active={String(p.id) === programId} />
              ))}
            </Group>
          </Paper>
        ) : (
          s.programs.map((p) => <ProgramTab key={String(p.id)} program={p} active={String(p.id) === programId} />)
        ),
      )}
      <Button component={RouterLink} to="/bp/new" size="xs" variant="subtle" data-testid="deal-program-new">
        {t('deal.programs.new')}
      </Button>
    </Group>
  );
}
