// An employee's place on their card: department, manager and
// subordinates (drawn from the org chart's tree), and, for
// administrators, what they are responsible for (prepareFire's roles).
import { useEffect, useState } from 'react';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../data/types';
import { personName } from './FirePage';
import { rolesByArea } from './fireState';
import { areaLabels, roleLabel } from './labels';
import { buildTree, placeOf, type Place } from './orgTree';
import { staffApi } from './staffApi';

const Person = ({ e }: { e: Entity }) => <Anchor component={RouterLink} to={`/staff/${e.id}/card`} size="sm">{personName(e)}</Anchor>;

export function Structure({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const [place, setPlace] = useState<Place | null>(null);
  const [roles, setRoles] = useState<Record<string, number> | null>(null);
  useEffect(() => {
    Promise.all([staffApi.departments(), staffApi.posts(), staffApi.working()]).then(
      ([depts, posts, people]) => setPlace(placeOf(buildTree(depts, posts, people).roots, id)),
      () => setPlace(null),
    );
    if (isAdmin) staffApi.prepareFire(id).then((i) => setRoles(i.roles), () => setRoles(null));
  }, [id, isAdmin]);
  if (!place) return null;
  const groups = rolesByArea(roles ?? {});
  const labels = areaLabels(t);
  return (
    <Paper withBorder p="sm" mx="md" mt="sm" data-testid="staff-structure">
      <SimpleGrid cols={{ base: 1, sm: roles ? 3 : 2 }}>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">{t('staff.card.department')}</Text>
          <Text size="sm" data-testid="staff-card-department">{place.department ? String(place.department.name ?? '') : '—'}</Text>
          <Text size="xs" c="dimmed" mt="xs">{t('staff.card.manager')}</Text>
          <div data-testid="staff-card-manager">{place.manager ? <Person e={place.manager} /> : <Text size="sm">—</Text>}</div>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">{t('staff.card.subordinates')}</Text>
          {place.subordinates.length === 0 && <Text size="sm">—</Text>}
          <Group gap="xs" data-testid="staff-card-subordinates">
            {place.subordinates.map((e) => <Person key={e.id} e={e} />)}
          </Group>
        </Stack>
        {roles && (
          <Stack gap={2} data-testid="staff-card-roles">
            <Text size="xs" c="dimmed">{t('staff.card.responsible')}</Text>
            {groups.size === 0 && <Text size="sm">—</Text>}
            {[...groups].map(([area, list]) => (
              <Text key={area} size="sm" title={list.map(([r, n]) => `${roleLabel(t, r)}: ${n}`).join('\n')}>
                {labels[area]}: {list.reduce((s, [, n]) => s + n, 0)}
              </Text>
            ))}
          </Stack>
        )}
      </SimpleGrid>
    </Paper>
  );
}
