// A dashboard tile's bars: plain SVG, one bar per group with its label
// and value, so the first screen does not carry the chart library the
// report page draws with (@mantine/charts over recharts, ~130 KB).
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Built } from './reportApi';

const W = 320;
const ROW = 22;

export function MiniBars({ built }: { built: Built }) {
  const { t } = useTranslation();
  if (built.rows.length === 0) return <Text c="dimmed" data-testid="report-empty">{t('report.page.empty')}</Text>;
  const alias = built.columns[0]?.alias ?? 'value';
  const rows = built.rows.map((r) => ({ label: r.label || '—', value: Number(r[alias] ?? 0) }));
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <svg data-testid="report-chart" viewBox={`0 0 ${W} ${rows.length * ROW}`} width="100%" role="img" aria-label={t('report.builder.value')}>
      {rows.map((r, i) => {
        const w = Math.max(2, (r.value / max) * (W - 150));
        return (
          <g key={r.label + i} transform={`translate(0 ${i * ROW})`} data-testid="widget-bar">
            <text x={0} y={15} fontSize={11} fill="currentColor">{r.label.length > 18 ? `${r.label.slice(0, 17)}…` : r.label}</text>
            <rect x={110} y={4} width={w} height={ROW - 8} rx={3} fill="var(--mantine-color-blue-6)" />
            <text x={114 + w} y={15} fontSize={11} fill="currentColor">{r.value.toLocaleString()}</text>
          </g>
        );
      })}
    </svg>
  );
}
