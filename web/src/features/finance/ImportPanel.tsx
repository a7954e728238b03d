// The finance page's statement import: a 1C exchange file or a CSV
// booked on an account; incomes naming an open invoice pay it.
import { useState } from 'react';
import { Alert, Button, FileInput, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useList } from '../../data/hooks';
import { importStatement, type Imported } from './financeApi';

export function ImportPanel() {
  const { t } = useTranslation();
  const accounts = useList({ contentType: 'FinRealAccount', endpoint: 'finRealAccount', fields: ['name'], limit: 100 });
  const [account, setAccount] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState<Imported | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const run = async () => {
    setFailed(null);
    setDone(null);
    try {
      setDone(await importStatement(account as string, file as File));
      setFile(null);
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  return (
    <Stack gap="xs">
      <Title order={3}>{t('finance.import.title')}</Title>
      <Text size="sm" c="dimmed">{t('finance.import.hint')}</Text>
      <Group align="flex-end">
        <Select label={t('finance.ops.account')} w={240} value={account} onChange={setAccount} data-testid="fin-import-account"
          data={accounts.items.map((a) => ({ value: String(a.id), label: String(a.name ?? a.id) }))} />
        <FileInput label={t('finance.import.file')} value={file} onChange={setFile} accept=".txt,.csv" w={280} data-testid="fin-import-file" />
        <Button disabled={!account || !file} onClick={() => void run()} data-testid="fin-import">
          {t('finance.import.run')}
        </Button>
      </Group>
      {done && <Alert color="green">{t('finance.import.done', { ...done })}</Alert>}
      {failed && <Alert color="red">{failed}</Alert>}
    </Stack>
  );
}
