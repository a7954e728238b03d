// /staff/list: the employees. The whole list is the generic one with the
// staff's quick filters above it (department, working or dismissed,
// position, away today, birthday soon); "birthdays" and "on vacation" are also views of their own, from
// GET /employee/birthdays and the current absences.
import { useEffect, useMemo, useState } from 'react';
import { Anchor, Chip, Group, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../data/types';
import EntityListPage from '../entity/EntityListPage';
import { useSession } from '../../app/session';
import { personName } from './FirePage';
import { InviteByMail } from './InviteByMail';
import { InviteLink } from './InviteLink';
import { BIRTHDAY_DAYS, quickFilter, type Status } from './listFilter';
import { isoDay, staffApi, type AbsenceType } from './staffApi';
import { WidgetSlot } from '../integration/widgets/WidgetSlot';

type View = 'list' | 'birthdays' | 'away';
const linkId = (v: unknown) => String((v as { id?: string } | null)?.id ?? '');

export default function StaffListPage() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const [view, setView] = useState<View>('list');
  const [depts, setDepts] = useState<Entity[]>([]);
  const [department, setDepartment] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('working');
  const [position, setPosition] = useState('');
  const [debounced] = useDebouncedValue(position, 300);
  const [away, setAway] = useState(false);
  const [birthdaySoon, setBirthdaySoon] = useState(false);
  useEffect(() => {
    staffApi.departments().then(setDepts, () => setDepts([]));
  }, []);
  const filter = useMemo(() => quickFilter({ department, status, position: debounced, away, birthdaySoon }), [department, status, debounced, away, birthdaySoon]);

  return (
    <Stack gap={0}>
      <Group px="md" pt="sm" gap="sm" align="flex-end">
        <SegmentedControl size="xs" value={view} onChange={(v) => setView(v as View)} data-testid="staff-list-view"
          data={[{ value: 'list', label: t('staff.list.all') }, { value: 'birthdays', label: t('staff.list.birthdays') }, { value: 'away', label: t('staff.list.away') }]} />
        {view === 'list' && (
          <>
            <Select size="xs" placeholder={t('staff.list.department')} data={depts.map((d) => ({ value: d.id, label: String(d.name ?? '') }))} value={department}
              onChange={setDepartment} clearable searchable data-testid="staff-list-department" />
            <SegmentedControl size="xs" value={status} onChange={(v) => setStatus(v as Status)} data-testid="staff-list-status"
              data={[{ value: 'working', label: t('staff.list.working') }, { value: 'fired', label: t('staff.list.fired') }, { value: 'all', label: t('staff.list.everyone') }]} />
            <TextInput size="xs" placeholder={t('staff.list.position')} value={position} onChange={(e) => setPosition(e.currentTarget.value)} data-testid="staff-list-position" />
            <Chip size="xs" checked={away} onChange={setAway} data-testid="staff-list-away-chip">{t('staff.list.awayNow')}</Chip>
            <Chip size="xs" checked={birthdaySoon} onChange={setBirthdaySoon} data-testid="staff-list-birthday-chip">{t('staff.list.birthdaySoon', { days: BIRTHDAY_DAYS })}</Chip>
            <Anchor component={RouterLink} to="/orgchart" size="sm">{t('staff.org.title')}</Anchor>
            {isAdmin && <InviteByMail />}
            {isAdmin && <InviteLink />}
          </>
        )}
      </Group>
      <WidgetSlot placeholder="employee_list" />
      {view === 'list' && <EntityListPage key={JSON.stringify(filter ?? null)} contentType="Employee" filter={filter} />}
      {view === 'birthdays' && <BirthdayView />}
      {view === 'away' && <AwayView />}
    </Stack>
  );
}

function BirthdayView() {
  const { t } = useTranslation();
  const [list, setList] = useState<Entity[] | null>(null);
  useEffect(() => {
    staffApi.birthdays(31).then(setList, () => setList([]));
  }, []);
  if (!list) return null;
  return (
    <Stack p="md" gap="xs" data-testid="staff-list-birthdays">
      {list.length === 0 && <Text c="dimmed">{t('staff.birthdays.none')}</Text>}
      <Table>
        <Table.Tbody>
          {list.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td><Anchor component={RouterLink} to={`/staff/${e.id}/card`}>{personName(e)}</Anchor></Table.Td>
              <Table.Td>{dayjs(isoDay(e.birthday)).format('D MMMM')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function AwayView() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<{ a: Entity; who: string }[] | null>(null);
  useEffect(() => {
    const today = dayjs().format('YYYY-MM-DD');
    Promise.all([staffApi.allAbsences(), staffApi.working()]).then(([abs, people]) => {
      const names = new Map(people.map((e) => [e.id, personName(e)]));
      setRows(abs.filter((a) => isoDay(a.firstDay) <= today && today <= isoDay(a.lastDay)).map((a) => ({ a, who: names.get(linkId(a.employee)) ?? `#${linkId(a.employee)}` })));
    }, () => setRows([]));
  }, []);
  if (!rows) return null;
  const labels: Record<AbsenceType, string> = { vacation: t('staff.absence.vacation'), sick: t('staff.absence.sick'), trip: t('staff.absence.trip') };
  return (
    <Stack p="md" gap="xs" data-testid="staff-list-away">
      {rows.length === 0 && <Text c="dimmed">{t('staff.list.nobodyAway')}</Text>}
      <Table>
        <Table.Tbody>
          {rows.map(({ a, who }) => (
            <Table.Tr key={a.id} data-testid="staff-list-away-row">
              <Table.Td><Anchor component={RouterLink} to={`/staff/${linkId(a.employee)}/card`}>{who}</Anchor></Table.Td>
              <Table.Td>{labels[a.type as AbsenceType] ?? String(a.type ?? '')}</Table.Td>
              <Table.Td>{dayjs(isoDay(a.lastDay)).format('D MMM')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
