// Sending an invoice by e-mail: its PDF goes through the sender's mail
// account to the payer's client, or to the address typed here.
import { useState } from 'react';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { sendInvoice } from './invoiceApi';

export function SendPanel({ id }: { id: string }) {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setFailed(null);
    setDone(false);
    try {
      await sendInvoice(id, to);
      setDone(true);
    } catch (err) {
      setFailed(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group align="flex-end">
      <TextInput label={t('finance.send.to')} placeholder={t('finance.send.toHint')} w={280} value={to}
        onChange={(e) => setTo(e.currentTarget.value)} data-testid="invoice-send-to" />
      <Button variant="default" loading={busy} onClick={() => void send()} data-testid="invoice-send">{t('finance.send.run')}</Button>
      {done && <Alert color="green" py={4}>{t('finance.send.done')}</Alert>}
      {failed && <Alert color="red" py={4}>{failed}</Alert>}
    </Group>
  );
}
