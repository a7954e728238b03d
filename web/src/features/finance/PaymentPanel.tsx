// The invoice card's payments and PDF: what is paid and left, a payment
// (an income on an account, the rest of the invoice by default), the
// PDF to open and its public link.
import { useState } from 'react';
import { Alert, Anchor, Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useList } from '../../data/hooks';
import type { Entity } from '../../data/types';
import { money } from '../deal/money';
import { pdfHref, registerPayment, setPublicLink } from './financeApi';
import { round2 } from './format';

const valueOf = (m: unknown) => (m as { value?: number } | null)?.value ?? 0;

export function PaymentPanel({ invoice }: { invoice: Entity }) {
  const { t } = useTranslation();
  const id = String(invoice.id);
  const accounts = useList({ contentType: 'FinRealAccount', endpoint: 'finRealAccount', fields: ['name', 'balance'], limit: 100 });
  const left = Math.max(round2(valueOf(invoice.sum) - valueOf(invoice.paidSum)), 0);
  const [sum, setSum] = useState<number | string>(left);
  const [accountId, setAccountId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const picked = accountId ?? (accounts.items[0] ? String(accounts.items[0].id) : null);
  const status = String(invoice.status ?? 'created');
  const link = typeof invoice.publicDownloadLink === 'string' ? invoice.publicDownloadLink : '';
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setFailed(null);
    try {
      await fn();
    } catch (err) {
      setFailed(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" data-testid="invoice-payments">
      <Stack gap="sm">
        <Group gap="lg">
          <Text size="sm">
            {t('finance.pay.paid')} <b data-testid="invoice-paid">{money(invoice.paidSum ?? { value: 0, currency: 'RUB' })}</b>
          </Text>
          <Text size="sm">
            {t('finance.pay.left')} <b data-testid="invoice-left">{money({ value: left, currency: 'RUB' })}</b>
          </Text>
        </Group>
        {status !== 'rejected' && left > 0 && (
          <Group align="flex-end">
            <NumberInput label={t('finance.pay.sum')} value={sum} onChange={setSum} min={0.01} decimalScale={2} w={160} data-testid="payment-sum" />
            <Select label={t('finance.pay.account')} data={accounts.items.map((a) => ({ value: String(a.id), label: String(a.name ?? a.id) }))}
              value={picked} onChange={setAccountId} w={260} data-testid="payment-account" />
            <Button disabled={busy || !picked || !Number(sum)} data-testid="payment-register"
              onClick={() => void run(async () => {
                await registerPayment(id, picked as string, Number(sum));
              })}>
              {t('finance.pay.register')}
            </Button>
          </Group>
        )}
        {accounts.items.length === 0 && <Text size="sm" c="dimmed">{t('finance.pay.noAccounts')}</Text>}
        <Group gap="sm" align="flex-end">
          <Button component="a" href={pdfHref(id)} target="_blank" rel="noopener" variant="default" data-testid="invoice-pdf">
            {t('finance.pdf.open')}
          </Button>
          {link ? (
            <>
              <TextInput readOnly value={window.location.origin + link} w={420} data-testid="invoice-public-link" label={t('finance.pdf.publicLink')} />
              <Button variant="subtle" color="red" disabled={busy} onClick={() => void run(() => setPublicLink(id, false))} data-testid="invoice-link-revoke">
                {t('finance.pdf.revoke')}
              </Button>
            </>
          ) : (
            <Button variant="subtle" disabled={busy} onClick={() => void run(() => setPublicLink(id, true))} data-testid="invoice-link-create">
              {t('finance.pdf.share')}
            </Button>
          )}
        </Group>
        {link && (
          <Anchor href={link} target="_blank" size="xs" c="dimmed">
            {t('finance.pdf.publicHint')}
          </Anchor>
        )}
        {failed && <Alert color="red">{failed}</Alert>}
      </Stack>
    </Paper>
  );
}
