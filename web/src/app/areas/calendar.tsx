// To-dos (spec 000 §2 Calendar): /todo/{list|filter}/{filterId}, and the
// switch to the calendar at /time/{month|week|day} (features/todo), the
// chosen period remembered in the browser.
import { SegmentedControl, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { calendarLink, isTodoType, parseDay, storePeriod, todoFilter, todoRedirect, type Period } from '../mapping/calendar';
import { savedFilter } from '../mapping/filters';
import { useSession } from '../session';
import { List } from './generic';
import { WidgetSlot } from '../../features/integration/widgets/WidgetSlot';

/** PeriodSwitch moves between the list and the calendar's periods. */
export function PeriodSwitch({ period, day }: { period: Period; day: Date }) {
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
      <WidgetSlot placeholder="events_list" />
      <List contentType="Todo" filter={filter} />
    </Stack>
  );
}
