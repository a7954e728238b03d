// The dashboard's widgets, two to a row, each placed by dragging it onto
// a cell; the places are saved for the reader alone. The browser's own
// drag and drop is enough for swapping tiles on a grid, and keeps a drag
// library off the first screen.
import { ActionIcon, Card, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconGripVertical, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { widgetLabels } from './labels';
import { reportApi, type SavedReport, type Widget, type WidgetKind } from './reportApi';
import { WidgetBody } from './widgetParts';

const COLS = 2;
const indexOf = (w: { posX: number; posY: number }) => w.posY * COLS + w.posX;

const DRAG_TYPE = 'application/x-artel-widget';

function Cell({ index, onDrop, children }: { index: number; onDrop(id: string, index: number): void; children?: ReactNode }) {
  const [over, setOver] = useState(false);
  return (
    <div data-testid="widget-cell" data-index={index}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const id = e.dataTransfer.getData(DRAG_TYPE);
        if (id) onDrop(id, index);
      }}
      style={{ minHeight: 120, borderRadius: 8, outline: over ? '2px dashed var(--mantine-color-blue-5)' : '1px dashed var(--mantine-color-gray-3)' }}>
      {children}
    </div>
  );
}

function Tile({ w, onRemove }: { w: Widget; onRemove: () => void }) {
  const { t } = useTranslation();
  const title = w.title || widgetLabels(t)[w.contentType];
  return (
    <Card withBorder data-testid="widget" data-kind={w.contentType} draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, w.id);
        e.dataTransfer.effectAllowed = 'move';
      }}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={t('report.dashboard.drag')} data-testid="widget-handle" style={{ cursor: 'grab' }}>
            <IconGripVertical size={16} />
          </ActionIcon>
          <Text fw={600} data-testid="widget-title">{title}</Text>
        </Group>
        <ActionIcon variant="subtle" aria-label={t('report.dashboard.remove')} onClick={onRemove} data-testid="widget-remove"><IconX size={16} /></ActionIcon>
      </Group>
      <WidgetBody w={w} />
    </Card>
  );
}

export function WidgetBoard() {
  const { t } = useTranslation();
  const [widgets, setWidgets] = useState<Widget[]>();
  const [reports, setReports] = useState<SavedReport[]>([]);
  const reload = useCallback(() => reportApi.widgets().then(setWidgets, () => setWidgets([])), []);
  useEffect(() => {
    reload();
    reportApi.saved().then(setReports, () => setReports([]));
  }, [reload]);

  if (!widgets) return null;
  const next = widgets.length === 0 ? 0 : Math.max(...widgets.map(indexOf)) + 1;
  const cells = Array.from({ length: Math.ceil((next + 1) / COLS) * COLS }, (_, i) => i);
  const add = (v: string | null) => {
    if (!v) return;
    const [kind, reportId] = v.split(':') as [WidgetKind, string?];
    reportApi.addWidget({ contentType: kind, reportId, chartType: 'bar', posX: next % COLS, posY: Math.floor(next / COLS) }).then(reload);
  };
  const onDrop = (id: string, to: number) => {
    const moved = widgets.find((w) => w.id === id);
    if (!moved || to < 0 || to === indexOf(moved)) return;
    const from = indexOf(moved);
    const there = widgets.find((w) => indexOf(w) === to);
    const place = (w: Widget, i: number): Widget => ({ ...w, posX: i % COLS, posY: Math.floor(i / COLS) });
    const changes = [place(moved, to), ...(there ? [place(there, from)] : [])];
    setWidgets(widgets.map((w) => changes.find((c) => c.id === w.id) ?? w));
    Promise.all(changes.map(reportApi.moveWidget)).then(reload, reload);
  };
  const remove = (id: string) => reportApi.deleteWidget(id).then(reload);

  return (
    <Stack gap="sm" data-testid="widget-board">
      <Group justify="space-between">
        <Title order={3} size="h4">{t('report.dashboard.title')}</Title>
        {/* A native list: the dashboard is a first screen, and Mantine's
            Select would bring its whole combobox for this one choice. */}
        <NativeSelect value="" onChange={(e) => add(e.currentTarget.value)} data-testid="widget-add" w={280}
          data={[
            { value: '', label: t('report.dashboard.add'), disabled: true },
            { value: 'TaskDesktopWidget', label: t('report.dashboard.myTasks') },
            { value: 'DealDesktopWidget', label: t('report.dashboard.dealsByState') },
            { value: 'InvoiceDesktopWidget', label: t('report.dashboard.invoicesDue') },
            { value: 'EmployeeBirthdayDesktopWidget', label: t('report.dashboard.birthdays') },
            { value: 'EmployeeEffectivenessDesktopWidget', label: t('report.dashboard.effectiveness') },
            ...reports.map((r) => ({ value: `ReportDesktopWidget:${r.id}`, label: `${t('report.dashboard.report')}: ${r.name}` })),
          ]} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: COLS }}>
        {cells.map((i) => {
          const w = widgets.find((x) => indexOf(x) === i);
          return <Cell key={i} index={i} onDrop={onDrop}>{w && <Tile w={w} onRemove={() => remove(w.id)} />}</Cell>;
        })}
      </SimpleGrid>
    </Stack>
  );
}
