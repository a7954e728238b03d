// /report: the built-in reports, the builder and the saved reports.
import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BuiltinReports } from './BuiltinReports';
import { ReportBuilder } from './ReportBuilder';
import { ReportChart } from './ReportChart';
import { reportApi, type Built, type SavedReport } from './reportApi';

function SavedReports({ version }: { version: number }) {
  const { t } = useTranslation();
  const [list, setList] = useState<SavedReport[]>();
  const [open, setOpen] = useState<{ id: string; built: Built }>();
  useEffect(() => {
    reportApi.saved().then(setList, () => setList([]));
  }, [version]);
  const show = (r: SavedReport) => {
    if (r.config) reportApi.build(r.config).then((built) => setOpen({ id: r.id, built }));
  };
  if (!list) return <Text c="dimmed">{t('report.page.loading')}</Text>;
  if (list.length === 0) return <Text c="dimmed">{t('report.page.noSaved')}</Text>;
  return (
    <Stack gap="xs">
      {list.map((r) => (
        <Stack key={r.id} gap={4} data-testid="saved-report">
          <Group>
            <Text fw={600}>{r.name}</Text>
            <Button size="xs" variant="subtle" onClick={() => show(r)}>{t('report.page.open')}</Button>
          </Group>
          {open?.id === r.id && <ReportChart built={open.built} view="bar" height={200} />}
        </Stack>
      ))}
    </Stack>
  );
}

export function ReportPage({ tab }: { tab?: string }) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  return (
    <Stack gap="md" data-testid="report-page">
      <Title order={2}>{t('report.page.title')}</Title>
      <Tabs defaultValue={tab ?? 'builtin'} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="builtin" data-testid="tab-builtin">{t('report.page.builtin')}</Tabs.Tab>
          <Tabs.Tab value="builder" data-testid="tab-builder">{t('report.page.builder')}</Tabs.Tab>
          <Tabs.Tab value="saved" data-testid="tab-saved">{t('report.page.saved')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="builtin" pt="md"><BuiltinReports /></Tabs.Panel>
        <Tabs.Panel value="builder" pt="md"><ReportBuilder onSaved={() => setVersion((v) => v + 1)} /></Tabs.Panel>
        <Tabs.Panel value="saved" pt="md"><SavedReports version={version} /></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
