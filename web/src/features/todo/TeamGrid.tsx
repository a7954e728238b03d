// A team's month at a glance: for each person (the user and the
// colleagues chosen) and day, how many to-dos and how long they take,
// from GET /todo/busyGrid (free/busy: no to-do is named, so colleagues'
// days show whatever the user may see of them).
import { Box, Table, Text, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api';
import type { Link } from '../../data/types';
import { LinkName } from '../../fields/link/LinkName';

interface Cell {
  subject: Link;
  date: { year: number; month: number; day: number };
  count: number;
  minutes: number;
}

const key = (id: string, y: number, m: number, d: number) => `${id}:${y}-${m}-${d}`;

/** shade grows with the hours taken, full at eight. */
function shade(minutes: number): string {
  const a = Math.min(1, minutes / 480);
  return `rgba(34, 139, 230, ${0.12 + a * 0.6})`;
}

export default function TeamGrid({ people, from, to }: { people: Link[]; from: Date; to: Date }) {
  const { t } = useTranslation();
  const [cells, setCells] = useState<Map<string, Cell>>(new Map());
  useEffect(() => {
    const ctl = new AbortController();
    const query = { from: { contentType: 'DateTime', value: from.toISOString() }, to: { contentType: 'DateTime', value: to.toISOString() }, subjects: people };
    api.get<Cell[]>('todo/busyGrid', query, { signal: ctl.signal, batch: false }).then(
      (r) => setCells(new Map(r.data.map((c) => [key(c.subject.id, c.date.year, c.date.month, c.date.day), c]))),
      () => setCells(new Map()),
    );
    return () => ctl.abort();
  }, [people, from, to]);
  const days: Date[] = [];
  for (let d = new Date(from); d < to; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) days.push(d);
  return (
    <Box style={{ overflowX: 'auto' }} data-testid="team-grid">
      <Table withTableBorder withColumnBorders fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('todo.team.person')}</Table.Th>
            {days.map((d) => (
              <Table.Th key={d.toDateString()} ta="center">{d.getDate()}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}><LinkName link={p} /></Table.Td>
              {days.map((d) => {
                const c = cells.get(key(p.id, d.getFullYear(), d.getMonth(), d.getDate()));
                return (
                  <Table.Td key={d.toDateString()} ta="center" p={2} style={{ background: c ? shade(c.minutes) : undefined }}>
                    {c && (
                      <Tooltip label={t('todo.team.cell', { count: c.count, hours: Math.round(c.minutes / 6) / 10 })}>
                        <Text span fz="xs">{c.count}</Text>
                      </Tooltip>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
