// The element's dialogs: renaming it; adding under it a page, a space or
// a widget (my tasks, deals by state, invoices due, or a saved report's
// chart — the dashboard's widgets of the report area); moving it.
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { widgetLabels } from '../report/labels';
import { reportApi, type SavedReport, type WidgetKind } from '../report/reportApi';
import { spaceApi, type SpaceElement } from './spaceApi';

function useRun() {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const run = (fn: () => Promise<unknown>) => fn().catch((err: unknown) => setError(errorText(err, t)));
  return { error, run };
}

function Frame({ title, error, onClose, children }: { title: string; error: string; onClose(): void; children: ReactNode }) {
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        {children}
      </Stack>
    </Modal>
  );
}

export function RenameDialog({ e, onClose, onDone }: { e: SpaceElement; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const { error, run } = useRun();
  const [title, setTitle] = useState(e.title);
  return (
    <Frame title={t('space.action.rename')} error={error} onClose={onClose}>
      <TextInput label={t('space.dialog.title')} value={title} onChange={(x) => setTitle(x.currentTarget.value)} data-testid="space-rename-title" data-autofocus />
      <Button disabled={!title.trim()} onClick={() => run(async () => { await spaceApi.rename(e.id, title.trim()); onDone(); })}
        data-testid="space-rename-save">{t('space.dialog.save')}</Button>
    </Frame>
  );
}

type Kind = 'Note' | 'Space' | 'Widget';
const LIST_KINDS: WidgetKind[] = ['TaskDesktopWidget', 'DealDesktopWidget', 'InvoiceDesktopWidget'];

export function AddDialog({ e, onClose, onDone }: { e: SpaceElement; onClose(): void; onDone(id: string): void }) {
  const { t } = useTranslation();
  const { error, run } = useRun();
  const [kind, setKind] = useState<Kind>('Note');
  const [title, setTitle] = useState('');
  const [source, setSource] = useState<string | null>(null);
  const [reports, setReports] = useState<SavedReport[]>([]);
  useEffect(() => {
    if (kind === 'Widget') reportApi.saved().then(setReports, () => setReports([]));
  }, [kind]);
  const labels = widgetLabels(t);
  const sources = [
    ...LIST_KINDS.map((k) => ({ value: k, label: labels[k] })),
    ...reports.map((r) => ({ value: `ReportDesktopWidget:${r.id}`, label: `${labels.ReportDesktopWidget}: ${r.name}` })),
  ];
  const add = () =>
    run(async () => {
      if (kind !== 'Widget') return onDone(await spaceApi.create(e.id, kind, title.trim()));
      onDone((await spaceApi.addWidget(e.id, title.trim(), source!)).id);
    });
  return (
    <Frame title={t('space.action.add')} error={error} onClose={onClose}>
      <SegmentedControl value={kind} onChange={(v) => setKind(v as Kind)} data-testid="space-add-kind"
        data={[{ value: 'Note', label: t('space.type.Note') }, { value: 'Space', label: t('space.type.Space') }, { value: 'Widget', label: t('space.type.Widget') }]} />
      <TextInput label={t('space.dialog.title')} value={title} onChange={(x) => setTitle(x.currentTarget.value)} data-testid="space-add-title" data-autofocus />
      {kind === 'Widget' && (
        <Select label={t('space.dialog.source')} data={sources} value={source} onChange={setSource} data-testid="space-add-source" />
      )}
      <Button disabled={!title.trim() || (kind === 'Widget' && !source)} onClick={add} data-testid="space-add-save">{t('space.dialog.create')}</Button>
    </Frame>
  );
}

export function MoveDialog({ e, onClose, onDone }: { e: SpaceElement; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const { error, run } = useRun();
  const [targets, setTargets] = useState<SpaceElement[]>([]);
  const [to, setTo] = useState<string | null>(null);
  useEffect(() => {
    spaceApi.moveTargets().then((list) => setTargets(list.filter((x) => x.id !== e.id && !x.path.some((p) => p.id === e.id))), () => setTargets([]));
  }, [e.id]);
  const data = [
    { value: 'all', label: t('space.section.all') },
    { value: 'private', label: t('space.section.private') },
    ...targets.map((x) => ({ value: x.id, label: [...x.path.map((p) => p.title), x.title].join(' / ') })),
  ];
  return (
    <Frame title={t('space.action.move')} error={error} onClose={onClose}>
      <Select label={t('space.dialog.moveTo')} data={data} value={to} onChange={setTo} searchable data-testid="space-move-to" />
      <Group>
        <Button disabled={!to} onClick={() => run(async () => { await spaceApi.move(e.id, to!); onDone(); })} data-testid="space-move-save">
          {t('space.action.move')}
        </Button>
      </Group>
    </Frame>
  );
}
