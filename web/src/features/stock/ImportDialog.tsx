// The catalogue's import with a session: a CSV or XLSX file is read, its
// columns' guessed fields shown over its first rows and changeable, the
// rows that will not be loaded listed with their messages (corrected or
// left out here), a warehouse named for a quantity column and the prices
// said to be before VAT; the run then creates or updates the offers and
// tells what it did.
import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, FileButton, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { reloadLists } from '../../data/lists';
import { ErrorRowsTable, MappingTable } from './ImportTables';
import { correctCell, includeRow, importRows, mapColumn, openImport, readImport, runImport, setImport, type ImportRow, type OfferImport } from './importApi';
import { WarehouseSelect } from './WarehouseSelect';

const PREVIEW = 5;
const ERRORS = 100;

export function ImportDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [session, setSession] = useState<OfferImport | null>(null);
  const [preview, setPreview] = useState<ImportRow[]>([]);
  const [errors, setErrors] = useState<ImportRow[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A row's inputs are keyed by this, so a re-read shows the server's text.
  const [reads, setReads] = useState(0);

  const refresh = async (id: string) => {
    const [s, p, e] = await Promise.all([readImport(id), importRows(id, 'rows', PREVIEW), importRows(id, 'errorRows', ERRORS)]);
    setSession(s);
    setPreview(p);
    setErrors(e);
    setReads((n) => n + 1);
  };
  const act = async (fn: () => Promise<unknown>) => {
    setFailed(null);
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      setFailed(errorText(err, t));
      if (session) await refresh(session.id).catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };
  const open = (file: File | null) => file && void act(async () => refresh((await openImport(file)).id));
  const close = () => {
    setSession(null);
    setFailed(null);
    onClose();
  };
  const run = () =>
    void act(async () => {
      if (!session) return;
      await runImport(session.id);
      reloadLists('Offer');
      await refresh(session.id);
    });
  const done = session?.status === 'saved';
  const id = session?.id ?? '';
  return (
    <Modal opened={opened} onClose={close} size="90%" title={<Title order={3}>{t('stock.import.title')}</Title>}>
      <Stack gap="sm" data-testid="import-dialog">
        <Group>
          <FileButton onChange={open} accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            inputProps={{ 'data-testid': 'import-file' } as object}>
            {(props) => (
              <Button size="xs" variant={session ? 'default' : 'filled'} loading={busy && !session} {...props}>
                {session ? t('stock.import.another') : t('stock.import.choose')}
              </Button>
            )}
          </FileButton>
          {session?.fileName ? <Text size="sm">{session.fileName}</Text> : <Text size="sm" c="dimmed">{t('stock.import.hint')}</Text>}
        </Group>
        {failed && <Alert color="red" data-testid="import-failed">{failed}</Alert>}
        {session && (
          <>
            <Title order={5}>{t('stock.import.columns')}</Title>
            <MappingTable columns={session.columns} preview={preview} disabled={busy || done}
              onMap={(c, f) => void act(async () => { await mapColumn(c.id, f); await refresh(id); })} />
            <Group align="flex-end">
              <WarehouseSelect label={t('stock.import.warehouse')} placeholder={t('stock.card.warehousePick')} value={session.warehouse}
                disabled={busy || done} testId="import-warehouse"
                onChange={(w) => void act(async () => { await setImport(id, { warehouse: w }); await refresh(id); })} />
              <Checkbox label={t('stock.import.withoutTax')} checked={session.isPriceWithoutTax} disabled={busy || done} data-testid="import-without-tax"
                onChange={(e) => { const v = e.currentTarget.checked; void act(async () => { await setImport(id, { isPriceWithoutTax: v }); await refresh(id); }); }} />
            </Group>
            <Text size="sm" data-testid="import-counts">
              {t('stock.import.counts', { rows: session.rowsCount, valid: session.validRowsCount, errors: session.errorRowsCount })}
            </Text>
            <Title order={5}>{t('stock.import.errors')}</Title>
            <ErrorRowsTable key={reads} columns={session.columns} rows={errors} disabled={busy || done}
              onInclude={(r, v) => void act(async () => { await includeRow(r.id, v); await refresh(id); })}
              onCorrect={(r, c, v) => void act(async () => { await correctCell(r.id, c, v); await refresh(id); })} />
            {session.status === 'error' && session.error ? <Alert color="red">{session.error}</Alert> : null}
            {done ? (
              <Alert color="green" data-testid="import-result">
                {t('stock.import.result', { saved: session.savedRowsCount, updated: session.updatedRowsCount })}{' '}
                {session.consignment && (
                  <Anchor component={RouterLink} to={`/consignments/${session.consignment.id}/card`} onClick={close} data-testid="import-consignment">
                    {t('stock.import.income')}
                  </Anchor>
                )}
              </Alert>
            ) : (
              <Group>
                <Button onClick={run} loading={busy} disabled={!session.validRowsCount} data-testid="import-run">
                  {t('stock.import.run', { n: session.validRowsCount })}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
