// The share dialog of a document: its public links (made by editors),
// each with its expiry and whether a password guards it, revoked with one
// click; a new link's address is shown once, as only its hash is kept.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, CopyButton, Group, Modal, PasswordInput, Stack, Table, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { docApi, type Share } from './docApi';

export default function ShareDialog({ docId, opened, onClose }: { docId: string; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [shares, setShares] = useState<Share[]>([]);
  const [password, setPassword] = useState('');
  const [expires, setExpires] = useState('');
  const [made, setMade] = useState('');
  const [error, setError] = useState('');
  const load = useCallback(() => {
    docApi.shares(docId).then(setShares, (err: unknown) => setError(errorText(err, t)));
  }, [docId, t]);
  useEffect(() => {
    if (opened) load();
  }, [opened, load]);
  const run = async (fn: () => Promise<unknown>) => {
    try {
      setError('');
      await fn();
      load();
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  const create = () =>
    run(async () => {
      const s = await docApi.share(docId, password, expires ? dayjs(expires).endOf('day').toISOString() : '');
      setMade(`${window.location.origin}${s.url ?? ''}`);
      setPassword('');
      setExpires('');
    });
  return (
    <Modal opened={opened} onClose={onClose} title={t('doc.share.title')} size="lg">
      <Stack gap="sm" data-testid="doc-share-dialog">
        <Group align="flex-end" grow>
          <PasswordInput label={t('doc.share.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)}
            data-testid="doc-share-password" />
          <TextInput type="date" label={t('doc.share.expires')} value={expires} onChange={(e) => setExpires(e.currentTarget.value)}
            data-testid="doc-share-expires" />
        </Group>
        <Button onClick={() => void create()} data-testid="doc-share-create">{t('doc.share.create')}</Button>
        {made && (
          <Group wrap="nowrap">
            <TextInput readOnly value={made} style={{ flex: 1 }} data-testid="doc-share-url" />
            <CopyButton value={made}>
              {({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? t('doc.share.copied') : t('doc.share.copy')}</Button>}
            </CopyButton>
          </Group>
        )}
        {made && <Text size="xs" c="dimmed">{t('doc.share.once')}</Text>}
        {error && <Alert color="red">{error}</Alert>}
        <Table>
          <Table.Tbody>
            {shares.map((s) => (
              <Table.Tr key={s.id} data-testid="doc-share">
                <Table.Td>{dayjs(s.timeCreated.value).format('DD.MM.YYYY HH:mm')}</Table.Td>
                <Table.Td>{s.expires ? t('doc.share.until', { date: dayjs(s.expires.value).format('DD.MM.YYYY') }) : t('doc.share.forever')}</Table.Td>
                <Table.Td>{s.hasPassword ? t('doc.share.withPassword') : t('doc.share.open')}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" color="red" variant="light" onClick={() => void run(() => docApi.unshare(docId, s.id))}
                    data-testid="doc-share-revoke">
                    {t('doc.share.revoke')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Modal>
  );
}
