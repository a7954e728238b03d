// /settings/integrations/errors: the web app's error reports (docs/integration.md,
// "Tracking and error reports") for administrators — each distinct error
// once, with how often and when it came, who saw it last and its stack.
import { Alert, Badge, Code, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api';
import type { Link } from '../../data/types';
import { LinkName } from '../../fields/link/LinkName';
import { errorText } from './integrationApi';

interface Report {
  fingerprint: string;
  message: string;
  stack: string;
  url: string;
  count: number;
  timeFirst: { value: string } | string | null;
  timeLast: { value: string } | string | null;
  lastUser: Link | null;
}

const when = (v: Report['timeLast']) => {
  const s = typeof v === 'string' ? v : v?.value;
  return s ? dayjs(s).format('DD.MM.YYYY HH:mm') : '';
};

export default function ErrorReportsPage() {
  const { t } = useTranslation();
  const [list, setList] = useState<Report[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.get<Report[]>('error/report', undefined, { batch: false }).then((r) => setList(r.data ?? []), (e: unknown) => setError(errorText(e)));
  }, []);
  const shown = (list ?? []).filter((r) => `${r.message} ${r.url}`.toLowerCase().includes(q.trim().toLowerCase()));
  return (
    <Stack gap="md" maw={1100} data-testid="error-reports">
      <Title order={2}>{t('integration.errors.title')}</Title>
      <Text size="sm" c="dimmed">{t('integration.errors.about')}</Text>
      {error && <Alert color="red">{error}</Alert>}
      <TextInput placeholder={t('integration.errors.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} maw={400} />
      {list && list.length === 0 && <Text data-testid="error-reports-empty">{t('integration.errors.none')}</Text>}
      {shown.length > 0 && (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('integration.errors.message')}</Table.Th>
              <Table.Th>{t('integration.errors.count')}</Table.Th>
              <Table.Th>{t('integration.errors.first')}</Table.Th>
              <Table.Th>{t('integration.errors.last')}</Table.Th>
              <Table.Th>{t('integration.errors.user')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r) => (
              <Table.Tr key={r.fingerprint} data-testid="error-report" style={{ verticalAlign: 'top' }}>
                <Table.Td maw={560}>
                  <UnstyledButton onClick={() => setOpen(open === r.fingerprint ? null : r.fingerprint)} data-testid="error-report-toggle">
                    <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>{r.message}</Text>
                  </UnstyledButton>
                  {r.url && <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>{r.url}</Text>}
                  {open === r.fingerprint && (
                    <Code block mt="xs" data-testid="error-report-stack">{r.stack || t('integration.errors.noStack')}</Code>
                  )}
                </Table.Td>
                <Table.Td><Badge variant="light" color={r.count > 1 ? 'red' : 'gray'}>{r.count}</Badge></Table.Td>
                <Table.Td><Text size="sm">{when(r.timeFirst)}</Text></Table.Td>
                <Table.Td><Text size="sm">{when(r.timeLast)}</Text></Table.Td>
                <Table.Td>{r.lastUser && <LinkName link={r.lastUser} />}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
