// /vacation: who is away (every current and coming absence of the
// company) and the working calendar: the year's days off beyond the
// weekend, which administrators add and remove.
import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useSession } from '../../app/session';
import type { Entity } from '../../data/types';
import { isoDay, staffApi, type AbsenceType, type HolidayDay } from './staffApi';

const linkId = (v: unknown) => String((v as { id?: string } | null)?.id ?? '');

export default function CalendarPage() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const [year, setYear] = useState(new Date().getFullYear());
  const [days, setDays] = useState<HolidayDay[]>([]);
  const [away, setAway] = useState<Entity[]>([]);
  const [people, setPeople] = useState<Map<string, string>>(new Map());
  const [day, setDay] = useState('');
  const [name, setName] = useState('');
  const failed = useCallback((err: unknown) => notifications.show({ color: 'red', message: errorText(err, t) }), [t]);
  const loadDays = useCallback(() => {
    staffApi.holidayDays(year).then(setDays, failed);
  }, [year, failed]);
  useEffect(loadDays, [loadDays]);
  useEffect(() => {
    const today = dayjs().format('YYYY-MM-DD');
    staffApi.allAbsences().then(
      (list) => setAway(list.filter((a) => isoDay(a.lastDay) >= today).sort((a, b) => isoDay(a.firstDay).localeCompare(isoDay(b.firstDay)))),
      failed,
    );
    staffApi.working().then((list) => setPeople(new Map(list.map((e) => [e.id, String(e.name ?? `${e.firstName ?? ''} ${e.lastName ?? ''}`).trim()]))), failed);
  }, [failed]);

  const labels: Record<AbsenceType, string> = {
    vacation: t('staff.absence.vacation'),
    sick: t('staff.absence.sick'),
    trip: t('staff.absence.trip'),
  };
  const fmt = (v: unknown) => dayjs(isoDay(v)).format('D MMM YYYY');
  const add = () => staffApi.addHolidayDay(day, name).then(() => {
    setDay('');
    setName('');
    loadDays();
  }, failed);

  return (
    <Group align="flex-start" p="md" gap="lg">
      <Stack gap="sm" miw={360} style={{ flex: 1 }}>
        <Title order={2}>{t('staff.calendar.away')}</Title>
        {away.length === 0 && <Text c="dimmed">{t('staff.absence.none')}</Text>}
        <Table data-testid="staff-away">
          <Table.Tbody>
            {away.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Anchor component={RouterLink} to={`/staff/${linkId(a.employee)}/card`}>{people.get(linkId(a.employee)) ?? `#${linkId(a.employee)}`}</Anchor>
                </Table.Td>
                <Table.Td>{labels[a.type as AbsenceType] ?? String(a.type ?? '')}</Table.Td>
                <Table.Td>{fmt(a.firstDay)} — {fmt(a.lastDay)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Paper withBorder p="sm" miw={340}>
        <Group justify="space-between" mb="xs">
          <ActionIcon variant="subtle" aria-label={t('staff.calendar.prev')} onClick={() => setYear((y) => y - 1)}><IconChevronLeft size={16} /></ActionIcon>
          <Title order={4}>{t('staff.calendar.daysOff', { year })}</Title>
          <ActionIcon variant="subtle" aria-label={t('staff.calendar.next')} onClick={() => setYear((y) => y + 1)}><IconChevronRight size={16} /></ActionIcon>
        </Group>
        <Text size="xs" c="dimmed" mb="xs">{t('staff.calendar.weekend')}</Text>
        {days.length === 0 && <Text size="sm" c="dimmed">{t('staff.calendar.none')}</Text>}
        <Stack gap={4}>
          {days.map((d) => (
            <Group key={d.id} gap="xs" data-testid="staff-holiday-day">
              <Text size="sm">{fmt(d.date)}{d.holiday ? ` — ${d.holiday.name}` : ''}</Text>
              {isAdmin && (
                <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('staff.calendar.remove')} onClick={() => staffApi.dropHolidayDay(d.id).then(loadDays, failed)}>
                  <IconTrash size={14} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
        {isAdmin && (
          <Group mt="sm" gap="xs" align="flex-end">
            <TextInput size="xs" type="date" label={t('staff.calendar.day')} value={day} onChange={(e) => setDay(e.currentTarget.value)} data-testid="staff-holiday-date" />
            <TextInput size="xs" label={t('staff.calendar.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="staff-holiday-name" />
            <Button size="xs" onClick={add} disabled={!day} data-testid="staff-holiday-add">{t('staff.calendar.add')}</Button>
          </Group>
        )}
      </Paper>
    </Group>
  );
}
