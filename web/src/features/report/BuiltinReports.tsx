// The built-in reports (docs/report.md): the sales funnel of a process,
// the sales department per manager, task effectiveness per employee and
// the overdue work, each as the reader's rights let them see it.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api';
import { formatMoney } from '../../format';
import { funnelHeads, salesHeads, taskHeads } from './labels';
import { reportApi, type EffectivenessLine, type FunnelStep, type ManagerLine, type Money, type OverdueWork } from './reportApi';

const rub = (m: Money) => formatMoney({ contentType: 'Money', value: m.valueInMain, currency: 'RUB' });

/** useLoad runs a read once (again when key changes), undefined while it loads. */
function useLoad<T>(load: () => Promise<T>, key: string): T | undefined | null {
  const [v, setV] = useState<T | null>();
  useEffect(() => {
    let live = true;
    setV(undefined);
    load().then((r) => live && setV(r), () => live && setV(null));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return v;
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder data-testid={testId}>
      <Title order={3} size="h4" mb="sm">{title}</Title>
      {children}
    </Card>
  );
}

function Loading({ v }: { v: unknown }) {
  const { t } = useTranslation();
  return <Text c="dimmed">{v === null ? t('report.page.failed') : t('report.page.loading')}</Text>;
}

function Funnel() {
  const { t } = useTranslation();
  const programs = useLoad(async () => (await api.get<{ id: string; name: string }[]>('/api/v3/program', { limit: 100 })).data, 'programs');
  const [program, setProgram] = useState<string | null>(null);
  const chosen = program ?? programs?.[0]?.id ?? null;
  const steps = useLoad<FunnelStep[]>(() => (chosen ? reportApi.funnel(chosen) : Promise.resolve([])), chosen ?? '');
  if (programs === undefined || programs === null) return <Loading v={programs} />;
  if (programs.length === 0) return <Text c="dimmed">{t('report.funnel.noProgram')}</Text>;
  return (
    <Stack gap="sm">
      <Select label={t('report.funnel.program')} data={programs.map((p) => ({ value: p.id, label: p.name }))} value={chosen} allowDeselect={false}
        onChange={setProgram} maw={320} data-testid="funnel-program" />
      {!steps ? <Loading v={steps} /> : (
        <>
          <BarChart h={220} data={steps.map((s) => ({ state: s.state.name, reached: s.reached }))} dataKey="state" series={[{ name: 'reached', label: t('report.funnel.reached'), color: 'teal.6' }]} />
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {funnelHeads(t).map((h) => <Table.Th key={h}>{h}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {steps.map((s) => (
                <Table.Tr key={s.state.id} data-testid="funnel-step">
                  <Table.Td>{s.state.name}</Table.Td>
                  <Table.Td>{s.count}</Table.Td>
                  <Table.Td>{rub(s.sum)}</Table.Td>
                  <Table.Td>{s.reached}</Table.Td>
                  <Table.Td>{s.conversion}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

function Sales() {
  const { t } = useTranslation();
  const lines = useLoad<ManagerLine[]>(reportApi.salesDepartment, 'sales');
  if (!lines) return <Loading v={lines} />;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          {salesHeads(t).map((h) => <Table.Th key={h}>{h}</Table.Th>)}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l) => (
          <Table.Tr key={l.manager.contentType + l.manager.id} data-testid="sales-line">
            <Table.Td>{l.manager.name}</Table.Td>
            <Table.Td>{l.won}</Table.Td>
            <Table.Td>{rub(l.wonSum)}</Table.Td>
            <Table.Td>{l.lost}</Table.Td>
            <Table.Td>{rub(l.lostSum)}</Table.Td>
            <Table.Td>{l.active}</Table.Td>
            <Table.Td>{l.invoicesPaid}</Table.Td>
            <Table.Td>{rub(l.invoicesPaidSum)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Tasks() {
  const { t } = useTranslation();
  const [by, setBy] = useState<'employee' | 'department'>('employee');
  const lines = useLoad<EffectivenessLine[]>(() => reportApi.taskEffectiveness(by), by);
  const heads = taskHeads(t);
  if (by === 'department') heads[0] = t('report.tasks.department');
  return (
    <Stack gap="xs">
      <SegmentedControl value={by} onChange={(v) => setBy(v as 'employee' | 'department')} data-testid="tasks-by" w="fit-content"
        data={[{ value: 'employee', label: t('report.tasks.byEmployee') }, { value: 'department', label: t('report.tasks.byDepartment') }]} />
      {!lines ? <Loading v={lines} /> : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>{heads.map((h) => <Table.Th key={h}>{h}</Table.Th>)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => {
              const who = l.employee ?? l.department;
              return (
                <Table.Tr key={`${who?.contentType}${who?.id}`} data-testid="tasks-line">
                  <Table.Td>{who?.name}</Table.Td>
                  <Table.Td>{l.doneOnTime}</Table.Td>
                  <Table.Td>{l.doneLate}</Table.Td>
                  <Table.Td>{l.overdue}</Table.Td>
                  <Table.Td>{l.inWork}</Table.Td>
                  <Table.Td>{l.effectiveness}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function Overdue() {
  const { t } = useTranslation();
  const work = useLoad<OverdueWork>(reportApi.overdue, 'overdue');
  if (!work) return <Loading v={work} />;
  return (
    <Stack gap="xs">
      <Text data-testid="overdue-invoices">{t('report.overdue.invoices', { count: work.invoices, sum: rub(work.invoicesSum) })}</Text>
      <Text fw={600}>{t('report.overdue.tasks')}</Text>
      {work.tasks.map((l) => (
        <Text key={l.employee.contentType + l.employee.id} size="sm">{l.employee.name}: {l.overdue}</Text>
      ))}
    </Stack>
  );
}

export function BuiltinReports() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xl: 2 }}>
      <Section title={t('report.funnel.title')} testId="report-funnel"><Funnel /></Section>
      <Section title={t('report.sales.title')} testId="report-sales"><Sales /></Section>
      <Section title={t('report.tasks.title')} testId="report-tasks"><Tasks /></Section>
      <Section title={t('report.overdue.title')} testId="report-overdue"><Overdue /></Section>
    </SimpleGrid>
  );
}
