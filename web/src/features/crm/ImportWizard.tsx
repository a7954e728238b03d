// The import wizard (docs/crm.md "Import"): a CSV or XLSX file is
// uploaded and read by the server, its columns mapped to client fields
// with a preview, the duplicates choice made, then the server's job runs
// with a progress bar and ends with its report and the rows refused.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Modal, Progress, Radio, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import * as imp from './importApi';

type Step = 'file' | 'mapping' | 'progress' | 'report';

function FileStep({ onSession }: { onSession(s: imp.ImportSession): void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<'human' | 'company'>('human');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const next = async () => {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      onSession(await imp.startSession(file, kind));
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Text size="sm">{t('crm.import.fileHint')}</Text>
      <FileInput label={t('crm.import.file')} accept=".csv,.xlsx,text/csv" value={file} onChange={setFile}
        leftSection={<IconUpload size={16} />} data-testid="import-file" />
      <SegmentedControl value={kind} onChange={(v) => setKind(v as 'human' | 'company')} data-testid="import-kind"
        data={[{ value: 'human', label: t('crm.list.people') }, { value: 'company', label: t('crm.list.companies') }]} />
      {error && <Alert color="red" data-testid="import-error">{error}</Alert>}
      <Group justify="flex-end">
        <Button onClick={() => void next()} disabled={!file} loading={busy} data-testid="import-read">{t('crm.import.read')}</Button>
      </Group>
    </Stack>
  );
}

function MappingStep({ session, onStarted }: { session: imp.ImportSession; onStarted(s: imp.ImportSession): void }) {
  const { t } = useTranslation();
  const [columns, setColumns] = useState(session.columns);
  const [rows, setRows] = useState<imp.ImportRow[]>([]);
  const [duplicates, setDuplicates] = useState<imp.Duplicates>('skip');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [extras, setExtras] = useState<imp.ExtraField[]>([]);
  useEffect(() => {
    imp.previewRows(session.id).then(setRows, (err: unknown) => setError(errorText(err, t)));
    imp.extraFields(session.clientType).then(setExtras, (err: unknown) => setError(errorText(err, t)));
  }, [session.id, session.clientType, t]);
  const options = [
    { group: t('crm.import.group.client'), items: [{ value: '', label: t('crm.import.skipColumn') },
      ...imp.IMPORT_FIELDS.map((f) => ({ value: f, label: t(`crm.import.field.${f}`) }))] },
    { group: t('crm.import.group.requisites'), items: imp.PAYER_FIELDS.map((f) => ({ value: f, label: t(`crm.import.field.${f}`) })) },
    ...(extras.length ? [{ group: t('crm.import.group.extra'), items: extras.map((x) => ({ value: x.name, label: x.hrName || x.name })) }] : []),
  ];
  const start = async () => {
    setBusy(true);
    setError('');
    try {
      onStarted(await imp.run(session, columns, duplicates));
    } catch (err) {
      setError(errorText(err, t));
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Text size="sm">{t('crm.import.rows', { count: session.rowsCount })}</Text>
      <Table.ScrollContainer minWidth={400}>
        <Table withTableBorder data-testid="import-mapping">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.index}>
                  <Text size="xs" c="dimmed">{c.hrName}</Text>
                  <Select size="xs" data={options} value={c.fieldName} allowDeselect={false} aria-label={c.hrName} searchable
                    data-testid={`import-column-${c.index}`}
                    onChange={(v) => setColumns((cs) => cs.map((x) => (x.index === c.index ? { ...x, fieldName: v ?? '' } : x)))} />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.index}>
                {columns.map((c) => <Table.Td key={c.index}>{r.cells[c.index]?.hrValue ?? ''}</Table.Td>)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Radio.Group label={t('crm.import.duplicates')} value={duplicates} onChange={(v) => setDuplicates(v as imp.Duplicates)}>
        <Stack gap={4} mt={4}>
          {(['skip', 'update', 'create'] as const).map((d) => (
            <Radio key={d} value={d} label={t(`crm.import.dup.${d}`)} data-testid={`import-dup-${d}`} />
          ))}
        </Stack>
      </Radio.Group>
      {error && <Alert color="red" data-testid="import-error">{error}</Alert>}
      <Group justify="flex-end">
        <Button onClick={() => void start()} loading={busy} data-testid="import-start">{t('crm.import.start')}</Button>
      </Group>
    </Stack>
  );
}

/** ProgressStep polls the session until its job has saved every row (the socket's messages would only make it sooner). */
function ProgressStep({ session, onDone }: { session: imp.ImportSession; onDone(s: imp.ImportSession): void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(session);
  const [error, setError] = useState('');
  // The latest callback, so a parent's re-render does not restart polling.
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    let live = true;
    const tick = async () => {
      try {
        const s = await imp.session(session.id);
        if (!live) return;
        setNow(s);
        if (s.status === 'saved') done.current(s);
        else timer = window.setTimeout(() => void tick(), 700);
      } catch (err) {
        if (live) setError(errorText(err, t));
      }
    };
    let timer = window.setTimeout(() => void tick(), 300);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [session.id, t]);
  return (
    <Stack>
      <Text size="sm">{t('crm.import.running')}</Text>
      <Progress value={now.loadingProgress} animated data-testid="import-progress" />
      <Text size="xs" c="dimmed">{now.loadingProgress}%</Text>
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}

function ReportStep({ session, onClose }: { session: imp.ImportSession; onClose(): void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<imp.ImportRow[]>([]);
  useEffect(() => {
    if (session.errorRowsCount > 0) imp.errorRows(session.id).then(setRows, () => setRows([]));
  }, [session.id, session.errorRowsCount]);
  return (
    <Stack data-testid="import-report">
      <Group gap="lg">
        <Text data-testid="import-created">{t('crm.import.created', { count: session.createdCount })}</Text>
        <Text data-testid="import-updated">{t('crm.import.updated', { count: session.updatedCount })}</Text>
        <Text data-testid="import-skipped">{t('crm.import.skipped', { count: session.skippedCount })}</Text>
        <Text data-testid="import-failed" c={session.errorRowsCount > 0 ? 'red' : undefined}>
          {t('crm.import.failed', { count: session.errorRowsCount })}
        </Text>
      </Group>
      {rows.length > 0 && (
        <Table data-testid="import-error-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('crm.import.row')}</Table.Th>
              <Table.Th>{t('crm.import.why')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.index}>
                <Table.Td>{r.index + 1}</Table.Td>
                <Table.Td>{r.errorMessage}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid="import-close">{t('crm.import.close')}</Button>
      </Group>
    </Stack>
  );
}

/** ImportWizard is the import in a modal; onFinished after a job has saved its rows. */
export function ImportWizard({ opened, onClose, onFinished }: { opened: boolean; onClose(): void; onFinished(): void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('file');
  const [session, setSession] = useState<imp.ImportSession | null>(null);
  const close = () => {
    setStep('file');
    setSession(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('crm.import.title')} size="xl" data-testid="import-wizard">
      {step === 'file' && <FileStep onSession={(s) => { setSession(s); setStep('mapping'); }} />}
      {step === 'mapping' && session && <MappingStep session={session} onStarted={(s) => { setSession(s); setStep('progress'); }} />}
      {step === 'progress' && session && (
        <ProgressStep session={session} onDone={(s) => { setSession(s); setStep('report'); onFinished(); }} />
      )}
      {step === 'report' && session && <ReportStep session={session} onClose={close} />}
    </Modal>
  );
}
