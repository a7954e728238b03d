// What each dashboard widget shows: the reader's open tasks, deals by
// state, invoices due, a saved report's chart, birthdays or employees'
// effectiveness (peopleWidgets.tsx).
import { Anchor, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allOf, enumIn, refIs } from '../../app/mapping/filters';
import { useSession } from '../../app/session';
import { api } from '../../data/api';
import { formatMoney } from '../../format';
import { MiniBars } from './MiniBars';
import { MiniPie } from './MiniPie';
import { Birthdays, Effectiveness } from './peopleWidgets';
import { makeConfig, reportApi, type Built, type Widget } from './reportApi';

const OPEN = ['created', 'assigned', 'accepted', 'delayed'];

interface Row {
  id: string;
  name?: string;
  sum?: { value: number; currency: string };
}

function MyTasks() {
  const { t } = useTranslation();
  const me = useSession().currentUser;
  const [rows, setRows] = useState<Row[]>();
  useEffect(() => {
    api.get<Row[]>('/api/v3/task', { limit: 5, filter: allOf(refIs('responsible', me.contentType, me.id), enumIn('status', OPEN)) }).then((r) => setRows(r.data), () => setRows([]));
  }, [me.contentType, me.id]);
  if (!rows) return <Text c="dimmed">{t('report.page.loading')}</Text>;
  if (rows.length === 0) return <Text c="dimmed">{t('report.dashboard.noTasks')}</Text>;
  return (
    <Stack gap={4}>
      {rows.map((r) => <Anchor key={r.id} component={Link} to={`/task/${r.id}/card`} size="sm">{r.name}</Anchor>)}
    </Stack>
  );
}

function InvoicesDue() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>();
  useEffect(() => {
    const due = { contentType: 'FilterConfig', termGroup: { join: 'or', terms: ['created', 'drawn'].map((s) => ({ contentType: 'FilterTermString', field: 'status', comparison: 'equals', value: s })) } };
    api.get<Row[]>('/api/v3/invoice', { limit: 5, filter: due }).then((r) => setRows(r.data), () => setRows([]));
  }, []);
  if (!rows) return <Text c="dimmed">{t('report.page.loading')}</Text>;
  if (rows.length === 0) return <Text c="dimmed">{t('report.dashboard.noInvoices')}</Text>;
  return (
    <Stack gap={4}>
      {rows.map((r) => (
        <Text key={r.id} size="sm">
          <Anchor component={Link} to={`/invoices/${r.id}/card`}>{r.name}</Anchor> {r.sum ? formatMoney({ contentType: 'Money', ...r.sum }) : ''}
        </Text>
      ))}
    </Stack>
  );
}

function Chart({ load, deps, pie = false }: { load: () => Promise<Built>; deps: string; pie?: boolean }) {
  const { t } = useTranslation();
  const [built, setBuilt] = useState<Built | null>();
  useEffect(() => {
    load().then(setBuilt, () => setBuilt(null));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deps]);
  if (built === undefined) return <Text c="dimmed">{t('report.page.loading')}</Text>;
  if (built === null) return <Text c="dimmed">{t('report.page.failed')}</Text>;
  return pie ? <MiniPie built={built} /> : <MiniBars built={built} />;
}

async function savedReport(id: string): Promise<Built> {
  const r = await reportApi.get(id);
  if (!r.config) throw new Error('report without a config');
  return reportApi.build(r.config);
}

export function WidgetBody({ w }: { w: Widget }) {
  switch (w.contentType) {
    case 'TaskDesktopWidget':
      return <MyTasks />;
    case 'InvoiceDesktopWidget':
      return <InvoicesDue />;
    case 'DealDesktopWidget':
      return <Chart load={() => reportApi.build(makeConfig('Deal', 'state', '', 'count', ''))} deps="deals" />;
    case 'ReportDesktopWidget':
      return <Chart load={() => savedReport(w.reportId ?? '')} deps={w.reportId ?? ''} pie={w.chartType === 'pie'} />;
    case 'EmployeeBirthdayDesktopWidget':
      return <Birthdays />;
    case 'EmployeeEffectivenessDesktopWidget':
      return <Effectiveness />;
  }
}
