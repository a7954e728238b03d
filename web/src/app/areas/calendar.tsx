// To-dos and the calendar (spec 000 §2 Calendar): /todo/{list|filter}/{filterId}
// and /time/{month|week|day}/{filterId}?day=YYYY-MM-DD, one switch between
// them, the chosen period remembered in the browser.
import { ActionIcon, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  calendarLink,
  isTimeType,
  isTodoType,
  parseDay,
  periodRange,
  storedPeriod,
  storePeriod,
  timeFilter,
  timeRedirect,
  todoFilter,
  todoRedirect,
  type Period,
  type TimeType,
} from '../mapping/calendar';
import { allOf, savedFilter } from '../mapping/filters';
import { useSession } from '../session';
import { List } from './generic';

function PeriodSwitch({ period, day }: { period: Period; day: Date }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SegmentedControl
      value={period === 'filter' ? 'list' : period}
      onChange={(p) => navigate(calendarLink(p as Period, day))}
      data={[
        { value: 'list', label: t('shell.calendar.list') },
        { value: 'day', label: t('shell.calendar.day') },
        { value: 'week', label: t('shell.calendar.week') },
        { value: 'month', label: t('shell.calendar.month') },
      ]}
      data-testid="calendar-period"
    />
  );
}

function shift(type: TimeType, day: Date, by: number): Date {
  if (type === 'month') return new Date(day.getFullYear(), day.getMonth() + by, 1);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + by * (type === 'week' ? 7 : 1));
}

export function TimeRoute() {
  const { type, filterId } = useParams();
  const [params] = useSearchParams();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const valid = isTimeType(type);
  useEffect(() => {
    if (valid) storePeriod(localStorage, type);
  }, [valid, type]);
  if (!valid) return <Navigate to={timeRedirect(storedPeriod(localStorage), filterId)} replace />;

  const day = parseDay(params.get('day')) ?? new Date();
  const [start, end] = periodRange(type, day);
  const last = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1);
  const fmt = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long', year: 'numeric' });
  const mine = filterId ? todoFilter(filterId, session.currentUser.id) : undefined;
  const filter = allOf(...timeFilter(type, day).termGroup.terms, ...(mine?.termGroup.terms ?? []));
  return (
    <Stack gap="sm">
      <Group>
        <PeriodSwitch period={type} day={day} />
        <ActionIcon variant="default" onClick={() => navigate(calendarLink(type, shift(type, day, -1)))} aria-label={t('shell.calendar.previous')}>
          <IconChevronLeft size={16} />
        </ActionIcon>
        <ActionIcon variant="default" onClick={() => navigate(calendarLink(type, shift(type, day, 1)))} aria-label={t('shell.calendar.next')}>
          <IconChevronRight size={16} />
        </ActionIcon>
        <Text fw={600} data-testid="calendar-range">{type === 'day' ? fmt.format(start) : fmt.formatRange(start, last)}</Text>
      </Group>
      <List contentType="Todo" filter={filter} />
    </Stack>
  );
}

export function TodoRoute() {
  const { type, filterId } = useParams();
  const [params] = useSearchParams();
  const session = useSession();
  const valid = isTodoType(type) && !!filterId;
  useEffect(() => {
    if (valid && type) storePeriod(localStorage, type as Period);
  }, [valid, type]);
  if (!valid) return <Navigate to={todoRedirect(type, filterId) + (params.has('day') ? `?day=${params.get('day')}` : '')} replace />;
  const filter = savedFilter('TodoFilter', filterId) ?? todoFilter(filterId!, session.currentUser.id);
  return (
    <Stack gap="sm">
      <PeriodSwitch period={type as Period} day={parseDay(params.get('day')) ?? new Date()} />
      <List contentType="Todo" filter={filter} />
    </Stack>
  );
}
