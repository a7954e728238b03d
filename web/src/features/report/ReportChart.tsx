// A built report drawn as bars or a pie (@mantine/charts over recharts)
// or as a table: one bar, slice or line per group.
import '@mantine/charts/styles.css';
import { BarChart, PieChart } from '@mantine/charts';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COLORS } from './MiniPie';
import type { Built } from './reportApi';

export type View = 'bar' | 'pie' | 'table';

export function ReportChart({ built, view, height = 260 }: { built: Built; view: View; height?: number }) {
  const { t } = useTranslation();
  if (built.rows.length === 0) return <Text c="dimmed" data-testid="report-empty">{t('report.page.empty')}</Text>;
  const alias = built.columns[0]?.alias ?? 'value';
  const data = built.rows.map((r) => ({ label: r.label || '—', [alias]: Number(r[alias] ?? 0) }));
  if (view === 'bar') {
    return (
      <div data-testid="report-chart">
        <BarChart h={height} data={data} dataKey="label" series={[{ name: alias, label: t('report.builder.value'), color: 'blue.6' }]} />
      </div>
    );
  }
  if (view === 'pie') {
    const slices = data.map((r, i) => ({ name: r.label, value: r[alias] as number, color: `${COLORS[i % COLORS.length]}.6` }));
    return (
      <div data-testid="report-pie">
        <PieChart h={height} w={height} data={slices} withLabels labelsType="percent" withTooltip withLabelsLine={false} />
      </div>
    );
  }
  return (
    <Table data-testid="report-table" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('report.builder.groupColumn')}</Table.Th>
          <Table.Th>{t('report.builder.value')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((r) => (
          <Table.Tr key={r.label} data-testid="report-row">
            <Table.Td>{r.label}</Table.Td>
            <Table.Td>{r[alias]}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
