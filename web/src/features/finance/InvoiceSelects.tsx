// The invoice editor's pickers: the payer (a client's), the recipient
// (one of the account's own legal entities; none named, the server takes
// the first, docs/finance.md) and the printed form.
import { useEffect, useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useList } from '../../data/hooks';
import type { Link } from '../../data/types';
import { listTemplates, type InvoiceTemplate } from './templateApi';

export function PayerSelect({ value, onChange, disabled }: { value: Link | null; onChange(v: Link | null): void; disabled: boolean }) {
  const { t } = useTranslation();
  const payers = useList({ contentType: 'Payer', endpoint: 'payer', fields: ['name'], limit: 200 });
  return (
    <Select label={t('finance.card.payer')} placeholder={t('finance.card.payerPick')} searchable disabled={disabled} data-testid="invoice-payer" w={360}
      value={value?.id ?? null} onChange={(id) => onChange(id ? { contentType: 'Payer', id } : null)}
      data={payers.items.map((p) => ({ value: String(p.id), label: String(p.name ?? p.id) }))} />
  );
}

/** TemplateSelect picks the printed form; none prints with the account's default one. */
export function TemplateSelect({ value, onChange, disabled }: { value: string | null; onChange(v: string | null): void; disabled: boolean }) {
  const { t } = useTranslation();
  const [templates, setTemplates] = useState<InvoiceTemplate[]>([]);
  useEffect(() => {
    listTemplates().then(setTemplates, () => setTemplates([]));
  }, []);
  const fallback = templates.find((x) => x.isDefault);
  return (
    <Select label={t('finance.card.template')} clearable disabled={disabled} w={240} data-testid="invoice-template" value={value} onChange={onChange}
      placeholder={fallback ? t('finance.card.templateDefault', { name: fallback.name }) : t('finance.card.templateBuiltIn')}
      data={templates.map((x) => ({ value: x.id, label: x.name }))} />
  );
}

/** RecipientSelect picks the payee among the account's own legal entities; hidden when it has none. */
export function RecipientSelect({ value, onChange, disabled }: { value: Link | null; onChange(v: Link | null): void; disabled: boolean }) {
  const { t } = useTranslation();
  const own = useList({ contentType: 'Payer', endpoint: 'payer/ownRecipients', fields: ['name'], limit: 50 });
  if (own.items.length === 0) return null;
  // The list is newest first; the server's default is the first one made.
  const first = own.items[own.items.length - 1];
  return (
    <Select label={t('finance.card.recipient')} clearable disabled={disabled} w={260} data-testid="invoice-recipient"
      placeholder={t('finance.card.recipientDefault', { name: String(first.name ?? '') })}
      value={value?.id ?? null} onChange={(id) => onChange(id ? { contentType: 'Payer', id } : null)}
      data={own.items.map((p) => ({ value: String(p.id), label: String(p.name ?? p.id) }))} />
  );
}
