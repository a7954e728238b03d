// The end of the firing wizard: what moved, to whom, and what could not.
import { Alert, Anchor, Button, Stack, Table, Text, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../data/types';
import { roleLabel } from './labels';
import type { FireJob } from './staffApi';

export function FireReportView({ job, people, onRetry, retrying }: { job: FireJob; people: Entity[]; onRetry?: () => void; retrying?: boolean }) {
  const { t } = useTranslation();
  const report = job.report!;
  const moved = Object.entries(report.moved).sort(([a], [b]) => a.localeCompare(b));
  const plan = (job as FireJob & { plan?: Record<string, { id: string }> }).plan ?? {};
  const takers = [...new Set(Object.values(plan).map((l) => l.id))];
  const nameOf = (id: string) => {
    const e = people.find((p) => p.id === id);
    return e ? String(e.name ?? `${e.firstName ?? ''} ${e.lastName ?? ''}`).trim() : `#${id}`;
  };
  return (
    <Stack gap="sm" data-testid="staff-fire-report">
      <Title order={3}>{t('staff.report.title')}</Title>
      <Text data-testid="staff-fire-report-summary">{t('staff.report.summary', { done: job.done, total: job.total })}</Text>
      {moved.length > 0 && (
        <Table withTableBorder>
          <Table.Tbody>
            {moved.map(([role, n]) => (
              <Table.Tr key={role}>
                <Table.Td>{roleLabel(t, role)}</Table.Td>
                <Table.Td>{n}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {report.failures.length > 0 && (
        <Alert color="red" title={t('staff.report.failed', { count: report.failures.length })} data-testid="staff-fire-failures">
          {report.failures.map((f) => (
            <div key={`${f.contentType}:${f.id}`}>{f.contentType} {f.id}: {f.error}</div>
          ))}
          {onRetry && (
            <Button mt="sm" size="xs" color="red" variant="light" onClick={onRetry} loading={retrying} data-testid="staff-fire-retry">{t('staff.report.retry')}</Button>
          )}
        </Alert>
      )}
      <Text size="sm">{t('staff.report.takers')}</Text>
      {takers.map((id) => (
        <Anchor key={id} component={RouterLink} to={`/staff/${id}/card`} data-testid="staff-fire-taker">{nameOf(id)}</Anchor>
      ))}
    </Stack>
  );
}
