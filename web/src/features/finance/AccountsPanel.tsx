// The finance page's accounts: each cash desk and bank account with its
// balance in its own currency (kept by the server to the kopeck), and a
// new one.
import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useList } from '../../data/hooks';
import { money } from '../deal/money';
import { addAccount, type AccountDraft } from './financeApi';

const EMPTY: AccountDraft = { name: '', kind: 'bank', number: '', bankName: '', bik: '', currency: null };

export function AccountsPanel() {
  const { t } = useTranslation();
  const list = useList({ contentType: 'FinRealAccount', endpoint: 'finRealAccount', fields: ['name', 'kind', 'number', 'bankName', 'currency', 'balance'], limit: 100 });
  const currencies = useList({ contentType: 'Currency', endpoint: 'currency', fields: ['name', 'abbreviation'], limit: 100 });
  const [draft, setDraft] = useState<AccountDraft>(EMPTY);
  const [failed, setFailed] = useState<string | null>(null);
  const save = async () => {
    setFailed(null);
    try {
      await addAccount(draft);
      setDraft(EMPTY);
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  return (
    <Stack gap="sm">
      <Title order={3}>{t('finance.accounts.title')}</Title>
      <Table striped data-testid="fin-accounts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('finance.accounts.name')}</Table.Th>
            <Table.Th>{t('finance.accounts.kind')}</Table.Th>
            <Table.Th>{t('finance.accounts.number')}</Table.Th>
            <Table.Th>{t('finance.accounts.currency')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('finance.accounts.balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.items.map((a) => (
            <Table.Tr key={String(a.id)} data-testid="fin-account">
              <Table.Td>{String(a.name ?? '')}</Table.Td>
              <Table.Td>{a.kind === 'cash' ? t('finance.accounts.cash') : t('finance.accounts.bank')}</Table.Td>
              <Table.Td>{[a.bankName, a.number].filter(Boolean).join(', ')}</Table.Td>
              <Table.Td data-testid="fin-account-currency">{(a.balance as { currency?: string } | null)?.currency ?? 'RUB'}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }} data-testid="fin-account-balance">{money(a.balance)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group align="flex-end">
        <TextInput label={t('finance.accounts.name')} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} data-testid="fin-account-name" />
        <SegmentedControl value={draft.kind} onChange={(v) => setDraft({ ...draft, kind: v as AccountDraft['kind'] })}
          data={[{ value: 'bank', label: t('finance.accounts.bank') }, { value: 'cash', label: t('finance.accounts.cash') }]} />
        {draft.kind === 'bank' && (
          <>
            <TextInput label={t('finance.accounts.bankName')} value={draft.bankName} onChange={(e) => setDraft({ ...draft, bankName: e.currentTarget.value })} />
            <TextInput label={t('finance.accounts.bik')} value={draft.bik} onChange={(e) => setDraft({ ...draft, bik: e.currentTarget.value })} w={120} />
            <TextInput label={t('finance.accounts.number')} value={draft.number} onChange={(e) => setDraft({ ...draft, number: e.currentTarget.value })} />
          </>
        )}
        <Select label={t('finance.accounts.currency')} placeholder="RUB" clearable w={160} value={draft.currency}
          onChange={(v) => setDraft({ ...draft, currency: v })} data-testid="fin-account-currency-pick"
          data={currencies.items.map((c) => ({ value: String(c.id), label: String(c.abbreviation ?? c.name ?? c.id) }))} />
        <Button disabled={!draft.name.trim()} onClick={() => void save()} data-testid="fin-account-add">
          {t('finance.accounts.add')}
        </Button>
      </Group>
      {failed && <Alert color="red">{failed}</Alert>}
    </Stack>
  );
}
