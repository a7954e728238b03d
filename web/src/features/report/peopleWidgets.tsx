// The dashboard's people widgets: the coming month's birthdays of
// working colleagues (GET /employee/birthdays, soonest first) and the
// task effectiveness of the employees the reader sees tasks of (the
// built-in report, best first).
import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../data/api';
import { reportApi, type EffectivenessLine } from './reportApi';

const SHOWN = 6;
const BIRTHDAY_DAYS = 31;

interface Person {
  id: string;
  name?: string;
  birthday?: { year?: number; month: number; day: number } | null;
}

/** birthdayText is the day and month of a birthday, "today" when it is today. */
export function birthdayText(b: Person['birthday'], now: Date, today: string, locale: string): string {
  if (!b) return '';
  if (b.month === now.getMonth() && b.day === now.getDate()) return today;
  return new Date(2000, b.month, b.day).toLocaleDateString(locale, { day: 'numeric', month: 'long' });
}

export function Birthdays() {
  const { t, i18n } = useTranslation();
  const [people, setPeople] = useState<Person[]>();
  useEffect(() => {
    api.get<Person[]>('/api/v3/employee/birthdays', { daysCount: BIRTHDAY_DAYS, fields: ['name', 'birthday'] }).then((r) => setPeople(r.data), () => setPeople([]));
  }, []);
  if (!people) return <Text c="dimmed">{t('report.page.loading')}</Text>;
  if (people.length === 0) return <Text c="dimmed">{t('report.dashboard.noBirthdays')}</Text>;
  const now = new Date();
  return (
    <Stack gap={4} data-testid="widget-birthdays">
      {people.slice(0, SHOWN).map((p) => (
        <Group key={p.id} justify="space-between" gap="xs" wrap="nowrap">
          <Anchor component={Link} to={`/staff/${p.id}/card`} size="sm" lineClamp={1}>
            {p.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {birthdayText(p.birthday, now, t('report.dashboard.today'), i18n.language)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** bestFirst orders effectiveness lines by their share done on time, then by the work done. */
export function bestFirst(lines: EffectivenessLine[]): EffectivenessLine[] {
  return lines
    .filter((l) => l.doneOnTime + l.doneLate + l.overdue > 0)
    .sort((a, b) => b.effectiveness - a.effectiveness || b.doneOnTime - a.doneOnTime);
}

export function Effectiveness() {
  const { t } = useTranslation();
  const [lines, setLines] = useState<EffectivenessLine[]>();
  useEffect(() => {
    reportApi.taskEffectiveness('employee').then((l) => setLines(bestFirst(l)), () => setLines([]));
  }, []);
  if (!lines) return <Text c="dimmed">{t('report.page.loading')}</Text>;
  if (lines.length === 0) return <Text c="dimmed">{t('report.dashboard.noEffectiveness')}</Text>;
  return (
    <Stack gap={6} data-testid="widget-effectiveness">
      {lines.slice(0, SHOWN).map((l) => (
        <Stack key={l.employee?.id} gap={2}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" lineClamp={1}>
              {l.employee?.name}
            </Text>
            <Text size="sm" fw={500}>
              {l.effectiveness}%
            </Text>
          </Group>
          <Progress value={l.effectiveness} size="sm" color={l.effectiveness >= 80 ? 'green' : l.effectiveness >= 50 ? 'yellow' : 'red'} />
        </Stack>
      ))}
    </Stack>
  );
}
