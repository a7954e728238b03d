// The calendar (spec 000 §2 Calendar): /time/{month|week|day}/{filterId}
// ?day=YYYY-MM-DD, the period from the address, else the one remembered
// in the browser, else the week.
import { ActionIcon, Box, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { PeriodSwitch } from '../../app/areas/calendar';
import { calendarLink, isTimeType, parseDay, periodRange, storedPeriod, storePeriod, timeRedirect, type TimeType } from '../../app/mapping/calendar';
import type { FieldInfo } from '../../data/catalog';
import type { Link } from '../../data/types';
import { LinksEditor } from '../../fields/links';
import { useSession } from '../../app/session';
import CalendarSync from './CalendarSync';
import CalendarView from './CalendarView';
import DefaultReminder from './DefaultReminder';
import { DEFAULT_SETTINGS, loadCalendarSettings, type CalendarSettings } from './settings';
import TeamGrid from './TeamGrid';
import TodoCardPage from './TodoCardPage';

// Colleagues whose to-dos the calendar shows beside the user's (as far
// as the user may see them).
const colleaguesField: FieldInfo = {
  name: 'subjects', kind: 'links', label: '', sortable: false, readOnly: false, required: false, writeOnly: false, targets: ['Employee'],
};

function shift(type: TimeType, day: Date, by: number): Date {
  if (type === 'month') return new Date(day.getFullYear(), day.getMonth() + by, 1);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + by * (type === 'week' ? 7 : 1));
}

/** /time/{type}/{filterId?}: the user's calendar for a month, a week or a day. */
export function TimeRoute() {
  const { type, filterId } = useParams();
  const [params] = useSearchParams();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const valid = isTimeType(type);
  const [syncing, setSyncing] = useState(false);
  const [colleagues, setColleagues] = useState<Link[]>([]);
  const [team, setTeam] = useState(false);
  const session = useSession();
  const meId = String(session.currentUser.id);
  const teamPeople = useMemo<Link[]>(() => [{ contentType: 'Employee', id: meId }, ...colleagues], [meId, colleagues]);
  useEffect(() => {
    if (valid) storePeriod(localStorage, type);
  }, [valid, type]);
  const dayParam = params.get('day');
  const day = useMemo(() => parseDay(dayParam) ?? new Date(), [dayParam]);
  // The account's week start and working hours (settings.ts).
  const [settings, setSettings] = useState<CalendarSettings>(DEFAULT_SETTINGS);
  useEffect(() => {
    void loadCalendarSettings().then(setSettings, () => setSettings(DEFAULT_SETTINGS));
  }, []);
  const [start, end] = useMemo(() => (valid ? periodRange(type, day, settings.firstDay) : [day, day]), [valid, type, day, settings.firstDay]);
  if (!valid) return <Navigate to={timeRedirect(storedPeriod(localStorage), filterId)} replace />;

  const last = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1);
  const fmt = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long', year: 'numeric' });
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
        <Button variant="subtle" ml="auto" onClick={() => setSyncing(true)} data-testid="calendar-sync">{t('todo.sync.open')}</Button>
      </Group>
      <Group align="end" gap="md">
        <Box maw={520} style={{ flex: 1 }} data-testid="calendar-colleagues">
          <LinksEditor field={colleaguesField} label={t('todo.calendar.colleagues')} value={colleagues} onChange={(v) => setColleagues(v ?? [])} />
        </Box>
        <DefaultReminder />
      </Group>
      {colleagues.length > 0 && (
        <Switch checked={team} onChange={(e) => setTeam(e.currentTarget.checked)} label={t('todo.team.show')} data-testid="team-switch" />
      )}
      {team && colleagues.length > 0 ? (
        <TeamGrid people={teamPeople} from={start} to={end} />
      ) : (
        <CalendarView type={type} day={day} colleagues={colleagues} settings={settings} />
      )}
      {syncing && <CalendarSync onClose={() => setSyncing(false)} />}
    </Stack>
  );
}

/** /event/{id}/card: a to-do. */
export function TodoCardRoute() {
  const { id } = useParams();
  return id ? <TodoCardPage key={id} id={id} /> : null;
}
