// The report builder: a data source, a ready condition or one of the
// source list's filters (built-in or saved), a grouping (a
// date by day, week or month), one calculation, shown as a table or bars;
// saved as a Report, exported, put on the dashboard.
import { Alert, Button, Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONDITIONS, GROUPS, NUMBERS, OPERATIONS, SOURCES } from './builderFields';
import { conditionLabels, fieldLabels, operationLabels, periodLabels, sourceLabels } from './labels';
import { ReportChart, type View } from './ReportChart';
import { useSavedFilters } from './useSavedFilters';
import { exportHref, makeConfig, reportApi, type Built, type Operation, type Period, type SavedReport, type Source } from './reportApi';

export function ReportBuilder({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [source, setSource] = useState<Source>('Deal');
  const [condition, setCondition] = useState('all');
  const [group, setGroup] = useState('manager');
  const [period, setPeriod] = useState<Period>('month');
  const [op, setOp] = useState<Operation>('count');
  const [field, setField] = useState('');
  const [view, setView] = useState<View>('table');
  const [built, setBuilt] = useState<Built>();
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<SavedReport>();

  const isDate = GROUPS[source].find((g) => g.name === group)?.date ?? false;
  const savedFilters = useSavedFilters(source);
  const filter = condition === 'all' ? undefined : (savedFilters.find((f) => f.value === condition)?.link ?? CONDITIONS[source][condition]);
  const config = makeConfig(source, group, isDate ? period : '', op, field, filter);
  const numbers = NUMBERS[source];
  const ops = numbers.length > 0 ? OPERATIONS : (['count'] as Operation[]);

  const changeSource = (s: Source) => {
    setSource(s);
    setGroup(GROUPS[s][0]?.name ?? '');
    setCondition('all');
    setOp('count');
    setField('');
    setBuilt(undefined);
  };
  const run = () => {
    setFailed(false);
    reportApi.build(config).then(setBuilt, () => setFailed(true));
  };
  const save = () => {
    reportApi.save(name.trim(), config).then((r) => {
      setSaved(r);
      onSaved();
    }, () => setFailed(true));
  };
  const toDashboard = () => {
    if (!saved) return;
    reportApi.addWidgetAtEnd({ contentType: 'ReportDesktopWidget', reportId: saved.id, chartType: view === 'pie' ? 'pie' : 'bar', title: saved.name }).then(
      () => navigate('/newdashboard'),
      () => setFailed(true),
    );
  };

  return (
    <Stack gap="sm" data-testid="report-builder">
      <Group align="end" wrap="wrap">
        <Select label={t('report.builder.source')} data={SOURCES.map((s) => ({ value: s, label: sourceLabels(t)[s] }))} value={source}
          onChange={(v) => v && changeSource(v as Source)} allowDeselect={false} data-testid="builder-source" />
        <Select label={t('report.builder.condition')} value={condition} onChange={(v) => setCondition(v ?? 'all')} allowDeselect={false}
          data={[
            { value: 'all', label: t('report.condition.all') },
            ...Object.keys(CONDITIONS[source]).map((c) => ({ value: c, label: conditionLabels(t)[c] })),
            ...(savedFilters.length > 0 ? [{ group: t('report.builder.listFilters'), items: savedFilters.map((f) => ({ value: f.value, label: f.label })) }] : []),
          ]}
          data-testid="builder-condition" />
        <Select label={t('report.builder.group')} value={group || 'none'} onChange={(v) => setGroup(v === 'none' || !v ? '' : v)} allowDeselect={false}
          data={[{ value: 'none', label: t('report.builder.none') }, ...GROUPS[source].map((g) => ({ value: g.name, label: fieldLabels(t)[g.name] }))]}
          data-testid="builder-group" />
        {isDate && (
          <Select label={t('report.builder.period')} value={period} onChange={(v) => v && setPeriod(v as Period)} allowDeselect={false}
            data={(['day', 'week', 'month'] as Period[]).map((p) => ({ value: p, label: periodLabels(t)[p] }))} data-testid="builder-period" />
        )}
        <Select label={t('report.builder.operation')} value={op} allowDeselect={false} data-testid="builder-operation"
          onChange={(v) => {
            const next = (v ?? 'count') as Operation;
            setOp(next);
            setField(next === 'count' ? '' : field || numbers[0] || '');
          }}
          data={ops.map((o) => ({ value: o, label: operationLabels(t)[o] }))} />
        {op !== 'count' && (
          <Select label={t('report.builder.field')} value={field} onChange={(v) => setField(v ?? '')} allowDeselect={false}
            data={numbers.map((f) => ({ value: f, label: fieldLabels(t)[f] }))} data-testid="builder-field" />
        )}
        <SegmentedControl value={view} onChange={(v) => setView(v as View)} data-testid="builder-view"
          data={[{ value: 'table', label: t('report.builder.table') }, { value: 'bar', label: t('report.builder.bar') },
            { value: 'pie', label: t('report.builder.pie') }]} />
        <Button onClick={run} data-testid="builder-run">{t('report.builder.run')}</Button>
      </Group>
      {failed && <Alert color="red" data-testid="builder-failed">{t('report.page.failed')}</Alert>}
      {built && (
        <Stack gap="sm">
          <ReportChart built={built} view={view} />
          <Group align="end">
            <TextInput label={t('report.builder.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="builder-name" />
            <Button onClick={save} disabled={!name.trim()} data-testid="builder-save">{t('report.builder.save')}</Button>
            <Button variant="default" onClick={toDashboard} disabled={!saved} data-testid="builder-to-dashboard">{t('report.builder.toDashboard')}</Button>
            <Button variant="subtle" component="a" href={exportHref(config, 'csv', name || 'report')} download data-testid="builder-csv">{t('report.builder.csv')}</Button>
            <Button variant="subtle" component="a" href={exportHref(config, 'xlsx', name || 'report')} download data-testid="builder-xlsx">{t('report.builder.xlsx')}</Button>
          </Group>
          {saved && <Alert color="green" data-testid="builder-saved">{t('report.builder.saved')}</Alert>}
        </Stack>
      )}
    </Stack>
  );
}
