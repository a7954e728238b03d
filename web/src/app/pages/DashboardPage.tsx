// The start page: a greeting, the user's open and overdue tasks counted by
// the API, and the areas of their menu.
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../data/api';
import { allOf, boolIs, enumIn, refIs, type FilterConfig } from '../mapping/filters';
import { useSession } from '../session';
import { AreaCards } from './AreaCards';

// The widgets bring the chart library and drag and drop; they load after
// the page's own counters, so the first screen stays small.
const WidgetBoard = lazy(() => import('../../features/report/WidgetBoard').then((m) => ({ default: m.WidgetBoard })));

const OPEN_TASK_STATUSES = ['created', 'assigned', 'accepted', 'delayed', 'overdue'];

/** useCount answers how many entities a filtered list has, undefined while loading or on failure. */
function useCount(endpoint: string, filter: FilterConfig, enabled: boolean): number | undefined | null {
  const [count, setCount] = useState<number | null>();
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (!enabled) return;
    const ctl = new AbortController();
    api
      .get<unknown[]>(endpoint, { limit: 1, fields: ['id'], onlyRequestedFields: true, filter: JSON.parse(key) }, { signal: ctl.signal })
      .then((res) => setCount(res.meta.pagination?.count ?? null))
      .catch(() => {
        if (!ctl.signal.aborted) setCount(null);
      });
    return () => ctl.abort();
  }, [endpoint, key, enabled]);
  return count;
}

export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const me = session.currentUser;
  const hasTasks = session.menu.some((i) => i.id === 'tasks' && i.isEnabled !== false);
  const mine = refIs('responsible', me.contentType, me.id);
  const open = useCount('task', allOf(mine, enumIn('status', OPEN_TASK_STATUSES)), hasTasks);
  const overdue = useCount('task', allOf(mine, enumIn('status', OPEN_TASK_STATUSES), boolIs('isOverdue', true)), hasTasks);

  const name = (me.firstName || me.lastName || '').trim();
  return (
    <Stack gap="lg" data-testid="dashboard">
      <Title order={2}>{name ? t('shell.dashboard.greeting', { name }) : t('shell.dashboard.greetingNoName')}</Title>
      {hasTasks && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={640}>
          <Counter label={t('shell.dashboard.openTasks')} value={open} testId="count-open-tasks" />
          <Counter label={t('shell.dashboard.overdueTasks')} value={overdue} testId="count-overdue-tasks" />
        </SimpleGrid>
      )}
      <Suspense fallback={<Skeleton h={120} />}>
        <WidgetBoard />
      </Suspense>
      <Title order={3} size="h4">{t('shell.dashboard.areas')}</Title>
      <AreaCards exclude={['desktop']} />
      <Text size="sm">
        <Link to="/dashboard/promo">{t('shell.dashboard.tour')}</Link>
      </Text>
    </Stack>
  );
}

function Counter({ label, value, testId }: { label: string; value: number | undefined | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component={Link} to="/task/filter" data-testid={testId}>
      <Text size="sm" c="dimmed">{label}</Text>
      <Group h={40} align="center">
        {value === undefined ? <Skeleton h={28} w={60} /> : <Text fz={28} fw={700}>{value ?? t('shell.dashboard.unknown')}</Text>}
      </Group>
    </Card>
  );
}
