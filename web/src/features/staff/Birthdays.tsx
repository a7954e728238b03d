// The birthdays widget: who has a birthday in the coming days
// (GET /employee/birthdays), soonest first.
import { useEffect, useState } from 'react';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../data/types';
import { personName } from './FirePage';
import { isoDay, staffApi } from './staffApi';

const DAYS = 14;

export function Birthdays() {
  const { t } = useTranslation();
  const [list, setList] = useState<Entity[] | null>(null);
  useEffect(() => {
    staffApi.birthdays(DAYS).then(setList, () => setList([]));
  }, []);
  if (!list) return null;
  return (
    <Paper withBorder p="sm" miw={240} data-testid="staff-birthdays">
      <Text fw={600} mb="xs">{t('staff.birthdays.title', { days: DAYS })}</Text>
      {list.length === 0 && <Text size="sm" c="dimmed">{t('staff.birthdays.none')}</Text>}
      <Stack gap={4}>
        {list.map((e) => (
          <Text key={e.id} size="sm" data-testid="staff-birthday">
            <Anchor component={RouterLink} to={`/staff/${e.id}/card`}>{personName(e)}</Anchor>
            {' — '}
            {dayjs(isoDay(e.birthday)).format('D MMMM')}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
