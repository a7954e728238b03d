// A dashboard tile's pie: plain SVG slices with a legend, for a saved
// report's widget whose chartType is "pie" (MiniBars says why not the
// chart library on the first screen).
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Built } from './reportApi';

/** COLORS are the slices' colours in turn (Mantine's palette). */
export const COLORS = ['blue', 'teal', 'orange', 'grape', 'red', 'lime', 'cyan', 'pink', 'yellow', 'indigo'];

/** slices are the groups as shares of a circle: start and end angles in radians. */
export function slices(values: number[]) {
  const total = values.reduce((a, v) => a + Math.max(0, v), 0);
  let at = 0;
  return values.map((v) => {
    const share = total > 0 ? Math.max(0, v) / total : 0;
    const s = { from: at, to: at + share * 2 * Math.PI, share };
    at = s.to;
    return s;
  });
}

function arc(from: number, to: number) {
  // A whole circle is two halves: an arc cannot start and end at one point.
  if (to - from >= 2 * Math.PI - 1e-9) return 'M 50 0 A 50 50 0 1 1 50 100 A 50 50 0 1 1 50 0 Z';
  const p = (a: number) => `${50 + 50 * Math.sin(a)} ${50 - 50 * Math.cos(a)}`;
  return `M 50 50 L ${p(from)} A 50 50 0 ${to - from > Math.PI ? 1 : 0} 1 ${p(to)} Z`;
}

export function MiniPie({ built }: { built: Built }) {
  const { t } = useTranslation();
  if (built.rows.length === 0) return <Text c="dimmed" data-testid="report-empty">{t('report.page.empty')}</Text>;
  const alias = built.columns[0]?.alias ?? 'value';
  const rows = built.rows.map((r) => ({ label: r.label || '—', value: Number(r[alias] ?? 0) }));
  const parts = slices(rows.map((r) => r.value));
  const color = (i: number) => `var(--mantine-color-${COLORS[i % COLORS.length]}-6)`;
  return (
    <Group align="start" wrap="nowrap" data-testid="report-pie">
      <svg viewBox="0 0 100 100" width={120} height={120} role="img" aria-label={t('report.builder.value')}>
        {parts.map((s, i) => s.share > 0 && <path key={i} d={arc(s.from, s.to)} fill={color(i)} data-testid="widget-slice" />)}
      </svg>
      <Stack gap={2}>
        {rows.map((r, i) => (
          <Text key={r.label + i} size="xs">
            <span style={{ color: color(i) }}>●</span> {r.label}: {r.value.toLocaleString()}
          </Text>
        ))}
      </Stack>
    </Group>
  );
}
