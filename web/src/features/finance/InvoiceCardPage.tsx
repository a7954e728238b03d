// /invoices/{id}/card and /invoices/new[?deal=]: the invoice editor with
// live totals, its status and the moves it allows ("mark paid" among
// them). A new invoice from a deal bills the deal's debt in one row; one
// from a client's card goes to the client's first payer.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { allOf, refIs } from '../../app/mapping/filters';
import { api } from '../../data/api';
import { typeEndpoint } from '../../data/catalog';
import { useEntity } from '../../data/hooks';
import type { Entity, Link } from '../../data/types';
import { dayInputProps } from '../../fields/dateInputs';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { kopecksText } from './format';
import { PaymentPanel } from './PaymentPanel';
import { SendPanel } from './SendPanel';
import { StatusBadge } from './StatusBadge';
import { invoiceRows, saveInvoice, setStatus, type InvoiceDraft } from './invoiceApi';
import { PayerSelect, RecipientSelect, TemplateSelect } from './InvoiceSelects';
import { listTemplates, templateOf } from './templateApi';
import { RowsEditor, emptyRow } from './RowsEditor';
import { invoiceTotals } from './totals';

const toDate = (v: unknown): Date | null => {
  const d = v as { year?: number; month?: number; day?: number } | null;
  return d?.year ? new Date(d.year, d.month ?? 0, d.day ?? 1) : null;
};

const linkId = (v: unknown) => (isLink(v) ? String(v.id) : null);

/** payerOf is a client's first payer, if it has one. */
async function payerOf(client: unknown): Promise<Link | null> {
  if (!isLink(client)) return null;
  const found = (await api.get<Entity[]>('payer', { filter: allOf(refIs('contractor', client.contentType, client.id)), limit: 1, fields: ['name'] })).data ?? [];
  return found[0] ? { contentType: 'Payer', id: String(found[0].id) } : null;
}

/** draftFromDeal bills what a deal still owes to its client's payer, VAT 20 % included. */
async function draftFromDeal(dealId: string, title: string): Promise<InvoiceDraft> {
  const deal = (await api.get<Entity>(`deal/${dealId}`)).data;
  const owed = (deal.debt ?? deal.price) as { value?: number } | null;
  return {
    payer: await payerOf(deal.contractor),
    recipient: null,
    priceList: linkId(deal.priceList),
    deal: { contentType: 'Deal', id: dealId },
    invoiceDate: new Date(),
    deadline: null,
    rows: [{ ...emptyRow(), name: `${title} ${String(deal.name ?? '')}`.trim(), price: owed?.value ?? 0 }],
    template: null,
  };
}

export default function InvoiceCardPage({ id, dealId, client }: { id?: string; dealId?: string; client?: Link }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entity: invoice, state, error } = useEntity('Invoice', id);
  const [draft, setDraft] = useState<InvoiceDraft | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rowTitle = t('finance.card.rowFromDeal');

  useEffect(() => {
    if (!id) {
      const blank = (payer: Link | null): InvoiceDraft => ({ payer, recipient: null, deal: null, invoiceDate: new Date(), deadline: null, rows: [emptyRow()], template: null });
      if (dealId) draftFromDeal(dealId, rowTitle).then(setDraft, (err) => setFailed(errorText(err, t)));
      else if (client) {
        Promise.all([payerOf(client), api.get<Entity>(`${typeEndpoint(client.contentType)}/${client.id}`, { fields: ['priceList'] })]).then(
          ([payer, c]) => setDraft({ ...blank(payer), priceList: linkId(c.data.priceList) }),
          (err) => setFailed(errorText(err, t)),
        );
      }
      else setDraft(blank(null));
    }
    // client is read from the address once: the page is keyed by it.
  }, [id, dealId, rowTitle, t]);
  const loaded = !!invoice;
  useEffect(() => {
    if (!id || !loaded || !invoice) return;
    Promise.all([invoiceRows(id), listTemplates()]).then(
      ([rows, templates]) =>
        setDraft({
          payer: isLink(invoice.payer) ? invoice.payer : null,
          recipient: isLink(invoice.recipient) ? invoice.recipient : null,
          priceList: linkId(invoice.priceList),
          deal: isLink(invoice.deal) ? invoice.deal : null,
          invoiceDate: toDate(invoice.invoiceDate) ?? new Date(),
          deadline: toDate(invoice.deadline),
          rows,
          template: templateOf(invoice.invoiceTemplate, templates),
        }),
      (err) => setFailed(errorText(err, t)),
    );
    // The draft is taken once per invoice; later store updates are our own saves.
  }, [id, loaded]);

  if (id && state === 'error') return <Alert color="red">{errorText(error, t)}</Alert>;
  if (!draft) {
    return failed ? <Alert color="red">{failed}</Alert> : <Center h={200}><Loader /></Center>;
  }
  const status = String(invoice?.status ?? 'created');
  const closed = status === 'paid' || status === 'rejected';
  const totals = invoiceTotals(draft.rows);
  const run = async (fn: () => Promise<Entity>) => {
    setBusy(true);
    setFailed(null);
    try {
      const saved = await fn();
      if (!id) navigate(`/invoices/${String(saved.id)}/card`, { replace: true });
      else setDraft({ ...draft, rows: await invoiceRows(id) });
    } catch (err) {
      setFailed(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const moveLabel: Record<string, string> = {
    created: t('finance.move.created'),
    drawn: t('finance.move.drawn'),
    paid: t('finance.move.paid'),
    rejected: t('finance.move.rejected'),
  };
  const possible = (invoice?.possibleStatuses as string[] | undefined) ?? [];
  return (
    <Stack gap="md" p="md" data-testid="invoice-card">
      <Group justify="space-between" align="flex-start">
        <Title order={2}>{id ? t('finance.card.title', { number: String(invoice?.number ?? '') }) : t('finance.card.newTitle')}</Title>
        <Anchor component={RouterLink} to="/invoices" size="sm">
          {t('finance.card.toList')}
        </Anchor>
      </Group>
      {id && (
        <Group gap="xs">
          <StatusBadge status={status} testId="invoice-status" />
          {possible.map((s) => (
            <Button key={s} size="xs" variant={s === 'paid' ? 'filled' : 'default'} color={s === 'paid' ? 'green' : undefined} disabled={busy}
              data-testid={s === 'paid' ? 'invoice-mark-paid' : 'invoice-move'} data-status={s} onClick={() => void run(() => setStatus(id, s))}>
              {moveLabel[s] ?? s}
            </Button>
          ))}
        </Group>
      )}
      {failed && (
        <Alert color="red" withCloseButton onClose={() => setFailed(null)} data-testid="invoice-refused" style={{ whiteSpace: 'pre-line' }}>
          {failed}
        </Alert>
      )}
      {id && invoice && <SendPanel id={id} />}
      {id && invoice && (
        <PaymentPanel key={JSON.stringify(invoice.paidSum ?? null) + String(invoice.sum && JSON.stringify(invoice.sum))} invoice={invoice} />
      )}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group align="flex-end">
            <PayerSelect value={draft.payer} onChange={(payer) => setDraft({ ...draft, payer })} disabled={closed} />
            <DateInput {...dayInputProps()} label={t('finance.card.date')} value={draft.invoiceDate} disabled={closed} w={160}
              onChange={(v) => v && setDraft({ ...draft, invoiceDate: dayjs(v).toDate() })} />
            <DateInput {...dayInputProps()} label={t('finance.card.deadline')} value={draft.deadline} disabled={closed} clearable w={160}
              onChange={(v) => setDraft({ ...draft, deadline: v ? dayjs(v).toDate() : null })} />
            <RecipientSelect value={draft.recipient} onChange={(recipient) => setDraft({ ...draft, recipient })} disabled={closed} />
            <TemplateSelect value={draft.template} onChange={(template) => setDraft({ ...draft, template })} disabled={closed} />
          </Group>
          {draft.deal && (
            <Text size="sm">
              {t('finance.card.deal')}{' '}
              <Anchor component={RouterLink} to={`/deals/${draft.deal.id}/card`} data-testid="invoice-deal">
                <LinkName link={draft.deal} />
              </Anchor>
            </Text>
          )}
          <RowsEditor rows={draft.rows} onChange={(rows) => setDraft({ ...draft, rows })} readOnly={closed} priceList={draft.priceList} />
          <Group justify="flex-end" gap="lg">
            <Text size="sm" c="dimmed">
              {t('finance.card.tax')} <span data-testid="invoice-tax">{kopecksText(totals.tax)}</span>
            </Text>
            <Text fw={600}>
              {t('finance.card.total')} <span data-testid="invoice-total">{kopecksText(totals.sum)}</span>
            </Text>
          </Group>
          {!closed && (
            <Group justify="flex-end">
              <Button onClick={() => void run(() => saveInvoice(draft, id))} loading={busy} data-testid="invoice-save">
                {t('finance.card.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
