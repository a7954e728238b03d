// The finance page's statement import: a 1C exchange file or a CSV
// previewed on an account (what each line will book), then booked as
// previewed; incomes pay the open invoices they match.
import { useState } from 'react';
import { Alert, Button, FileInput, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useList } from '../../data/hooks';
import { importStatement, type Imported } from './financeApi';
import { ImportPreview } from './ImportPreview';

export function ImportPanel() {
  const { t } = useTranslation();
  const accounts = useList({ contentType: 'FinRealAccount', endpoint: 'finRealAccount', fields: ['name'], limit: 100 });
  const [account, setAccount] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Imported | null>(null);
  const [done, setDone] = useState<Imported | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (book: boolean) => {
    setFailed(null);
    setDone(null);
    setBusy(true);
    try {
      if (!book) setPreview(await importStatement(account as string, file as File, { preview: true }));
      else {
        setDone(await importStatement(account as string, file as File, { digest: preview?.digest }));
        setPreview(null);
        setFile(null);
      }
    } catch (err) {
      setFailed(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const pick = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPreview(null);
  };
  return (
    <Stack gap="xs">
      <Title order={3}>{t('finance.import.title')}</Title>
      <Text size="sm" c="dimmed">{t('finance.import.hint')}</Text>
      <Group align="flex-end">
        <Select label={t('finance.ops.account')} w={240} value={account} onChange={pick(setAccount)} data-testid="fin-import-account"
          data={accounts.items.map((a) => ({ value: String(a.id), label: String(a.name ?? a.id) }))} />
        <FileInput label={t('finance.import.file')} value={file} onChange={pick(setFile)} accept=".txt,.csv" w={280} data-testid="fin-import-file" />
        <Button variant="light" disabled={busy || !account || !file} onClick={() => void run(false)} data-testid="fin-import-preview">
          {t('finance.import.preview')}
        </Button>
        <Button disabled={busy || !preview} onClick={() => void run(true)} data-testid="fin-import">
          {t('finance.import.run')}
        </Button>
      </Group>
      {preview && <ImportPreview lines={preview.lines} />}
      {done && <Alert color="green">{t('finance.import.done', { ...done })}</Alert>}
      {failed && <Alert color="red">{failed}</Alert>}
    </Stack>
  );
}
