// The calendar of /time (spec 000 §2): month, week or day of the user's
// to-dos on FullCalendar (docs/architecture.md says why), the week start
// and working hours from the account's settings (settings.ts). Dragging an event moves it, its
// edge resizes it; dragging over empty time plans a new one; a click
// opens the to-do's peek with its invitees and answers.
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin from '@fullcalendar/interaction';
import ruLocale from '@fullcalendar/core/locales/ru';
import type { DateSelectArg, EventChangeArg, EventClickArg, EventInput } from '@fullcalendar/core';
import { Alert, Box } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeType } from '../../app/mapping/calendar';
import { useSession } from '../../app/session';
import type { Entity, Link } from '../../data/types';
import { categories, moveTodo, periodTodos, type Category } from './todoApi';
import { spanOf, type Span } from './when';
import QuickCreate from './QuickCreate';
import type { CalendarSettings } from './settings';
import TodoPeek from './TodoPeek';

const views: Record<TimeType, string> = { month: 'dayGridMonth', week: 'timeGridWeek', day: 'timeGridDay' };

/** eventOf is a to-do as the calendar draws it; an open invitation is pale. */
export function eventOf(todo: Entity, colors: Record<string, string>, me: string): EventInput | null {
  const span = spanOf(todo);
  if (!span) return null;
  const category = (todo.category as { id?: string } | null)?.id ?? '';
  const mine = (todo.participants as { subject: { id: string }; status: string }[] | undefined)?.find((p) => p.subject.id === me);
  const color = colors[category] ?? '#228be6';
  return {
    id: String(todo.id),
    title: String(todo.name ?? ''),
    start: span.start,
    end: span.end,
    allDay: span.allDay,
    backgroundColor: mine?.status === 'requested' ? '#ffffff' : color,
    borderColor: color,
    textColor: mine?.status === 'requested' ? color : '#ffffff',
    classNames: mine ? [`todo-invite-${mine.status}`] : [],
  };
}

export default function CalendarView({ type, day, colleagues, settings }: { type: TimeType; day: Date; colleagues: Link[]; settings: CalendarSettings }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const me = String(session.currentUser.id);
  const [todos, setTodos] = useState<Entity[]>([]);
  const [cats, setCats] = useState<Category[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [planning, setPlanning] = useState<Span | null>(null);
  const [peek, setPeek] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  // The range the calendar shows: a month grid has days of the weeks around it.
  const [range, setRange] = useState<[Date, Date] | null>(null);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    void categories().then(setCats, () => setCats([]));
  }, []);
  useEffect(() => {
    if (!range) return;
    const ctl = new AbortController();
    const people = colleagues.length ? [{ contentType: 'Employee', id: me }, ...colleagues] : undefined;
    periodTodos(range[0], range[1], people, ctl.signal).then(
      (list) => {
        setTodos(list);
        setError(null);
      },
      (e: unknown) => {
        if (!ctl.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => ctl.abort();
  }, [range, version, colleagues, me]);

  const colors = Object.fromEntries(cats.map((c) => [c.id, c.color]));
  const events = todos.map((x) => eventOf(x, colors, me)).filter((e): e is EventInput => e !== null);

  const onChange = (arg: EventChangeArg) => {
    const ev = arg.event;
    if (!ev.start) return arg.revert();
    const span: Span = { start: ev.start, end: ev.end ?? new Date(ev.start.getTime() + (ev.allDay ? 86_400_000 : 1_800_000)), allDay: ev.allDay };
    moveTodo(ev.id, span).then(reload, (e: unknown) => {
      arg.revert();
      setError(e instanceof Error ? e.message : String(e));
    });
  };
  const onSelect = (arg: DateSelectArg) => {
    setPlanning({ start: arg.start, end: arg.end, allDay: arg.allDay });
    arg.view.calendar.unselect();
  };
  const onClick = (arg: EventClickArg) => setPeek(arg.event.id);

  return (
    <Box data-testid="calendar" data-view={type}>
      {error && (
        <Alert color="red" mb="sm" withCloseButton onClose={() => setError(null)}>
          {t('todo.calendar.failed')}: {error}
        </Alert>
      )}
      <FullCalendar
        key={`${type}-${day.toDateString()}`}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        initialView={views[type]}
        initialDate={day}
        headerToolbar={false}
        locales={[ruLocale]}
        locale={i18n.language === 'ru' ? 'ru' : 'en-gb'}
        firstDay={settings.firstDay}
        height="auto"
        dayMaxEvents={3}
        allDaySlot
        allDayText={t('todo.calendar.allDay')}
        slotMinTime="07:00:00"
        slotMaxTime="22:00:00"
        scrollTime="08:00:00"
        nowIndicator
        businessHours={settings.businessHours}
        editable
        selectable
        selectMirror
        events={events}
        eventChange={onChange}
        select={onSelect}
        eventClick={onClick}
        datesSet={(arg) => setRange((r) => (r && r[0].getTime() === arg.start.getTime() && r[1].getTime() === arg.end.getTime() ? r : [arg.start, arg.end]))}
      />
      {planning && (
        <QuickCreate span={planning} categories={cats} onClose={() => setPlanning(null)} onSaved={() => { setPlanning(null); reload(); }} />
      )}
      {peek && <TodoPeek id={peek} onClose={() => setPeek(null)} onChanged={reload} />}
    </Box>
  );
}
