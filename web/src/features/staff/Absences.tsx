// An employee's absences on their card: current and coming vacations,
// sick leaves and business trips (GET /employee/{id}/vacations); the
// employee themselves or an administrator adds and removes them.
import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Entity } from '../../data/types';
import { ABSENCE_TYPES, isoDay, staffApi, type AbsenceType } from './staffApi';

export function Absences({ id, canEdit }: { id: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const [list, setList] = useState<Entity[]>([]);
  const [type, setType] = useState<AbsenceType>('vacation');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const labels: Record<AbsenceType, string> = {
    vacation: t('staff.absence.vacation'),
    sick: t('staff.absence.sick'),
    trip: t('staff.absence.trip'),
  };
  const failed = useCallback((err: unknown) => notifications.show({ color: 'red', message: errorText(err, t) }), [t]);
  const load = useCallback(() => {
    staffApi.absences(id).then(setList, failed);
  }, [id, failed]);
  useEffect(load, [load]);

  const add = () => {
    staffApi.addAbsence(id, type, from, to || from).then(() => {
      setFrom('');
      setTo('');
      load();
    }, failed);
  };
  const day = (v: unknown) => dayjs(isoDay(v)).format('D MMM YYYY');

  return (
    <Paper withBorder p="sm" mx="md" mt="sm" data-testid="staff-absences">
      <Text fw={600} mb="xs">{t('staff.absence.title')}</Text>
      {list.length === 0 && <Text size="sm" c="dimmed">{t('staff.absence.none')}</Text>}
      <Stack gap={4}>
        {list.map((a) => (
          <Group key={a.id} gap="xs" data-testid="staff-absence">
            <Text size="sm">{labels[a.type as AbsenceType] ?? String(a.type ?? '')}: {day(a.firstDay)} — {day(a.lastDay)}</Text>
            {canEdit && (
              <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('staff.absence.remove')} onClick={() => staffApi.dropAbsence(a.id).then(load, failed)}>
                <IconTrash size={14} />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
      {canEdit && (
        <Group mt="sm" gap="xs" align="flex-end">
          <Select size="xs" label={t('staff.absence.type')} data={ABSENCE_TYPES.map((v) => ({ value: v, label: labels[v] }))} value={type}
            onChange={(v) => v && setType(v as AbsenceType)} allowDeselect={false} data-testid="staff-absence-type" w={160} />
          <TextInput size="xs" type="date" label={t('staff.absence.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} data-testid="staff-absence-from" />
          <TextInput size="xs" type="date" label={t('staff.absence.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} data-testid="staff-absence-to" />
          <Button size="xs" onClick={add} disabled={!from} data-testid="staff-absence-add">{t('staff.absence.add')}</Button>
        </Group>
      )}
    </Paper>
  );
}
