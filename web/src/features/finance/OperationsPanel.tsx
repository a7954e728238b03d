// The finance page's operations: the journal (number, date, kind, sum,
// account, what it pays and each invoice's part of a split income, the
// sum booked in the account's currency) and a new income, expense or
// transfer.
import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, Group, NumberInput, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useList } from '../../data/hooks';
import type { Link } from '../../data/types';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { money } from '../deal/money';
import { addOperation, deleteOperation, transfer } from './financeApi';
import { converted, partFor } from './parts';

type Kind = 'income' | 'expense' | 'transfer';
const FIELDS = ['number', 'date', 'kind', 'sum', 'incomeSum', 'expenseSum', 'accountSum', 'realAccount', 'invoices', 'invoiceSums', 'deal', 'description'];

function OperationForm() {
  const { t } = useTranslation();
  const accounts = useList({ contentType: 'FinRealAccount', endpoint: 'finRealAccount', fields: ['name'], limit: 100 });
  const options = accounts.items.map((a) => ({ value: String(a.id), label: String(a.name ?? a.id) }));
  const [kind, setKind] = useState<Kind>('income');
  const [sum, setSum] = useState<number | string>('');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const ready = Number(sum) > 0 && from && (kind !== 'transfer' || to);
  const save = async () => {
    setFailed(null);
    try {
      if (kind === 'transfer') await transfer(from as string, to as string, Number(sum), text);
      else await addOperation(kind, from as string, Number(sum), text);
      setSum('');
      setText('');
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <SegmentedControl value={kind} onChange={(v) => setKind(v as Kind)} data-testid="fin-op-kind"
          data={(['income', 'expense', 'transfer'] as const).map((k) => ({ value: k, label: t(`finance.ops.kind.${k}`) }))} />
        <NumberInput label={t('finance.ops.sum')} value={sum} onChange={setSum} min={0.01} decimalScale={2} w={140} data-testid="fin-op-sum" />
        <Select label={kind === 'transfer' ? t('finance.ops.from') : t('finance.ops.account')} data={options} value={from} onChange={setFrom} w={220} data-testid="fin-op-account" />
        {kind === 'transfer' && <Select label={t('finance.ops.to')} data={options} value={to} onChange={setTo} w={220} data-testid="fin-op-to" />}
        <TextInput label={t('finance.ops.description')} value={text} onChange={(e) => setText(e.currentTarget.value)} />
        <Button disabled={!ready} onClick={() => void save()} data-testid="fin-op-add">
          {t('finance.ops.add')}
        </Button>
      </Group>
      {failed && <Alert color="red">{failed}</Alert>}
    </Stack>
  );
}

export function OperationsPanel() {
  const { t } = useTranslation();
  const list = useList({ contentType: 'FinOperation', endpoint: 'finOperation', fields: FIELDS, sortBy: [{ fieldName: 'date', desc: true }], limit: 100 });
  return (
    <Stack gap="sm">
      <Title order={3}>{t('finance.ops.title')}</Title>
      <OperationForm />
      <Table striped data-testid="fin-operations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('finance.list.number')}</Table.Th>
            <Table.Th>{t('finance.list.date')}</Table.Th>
            <Table.Th>{t('finance.ops.kindTitle')}</Table.Th>
            <Table.Th>{t('finance.ops.account')}</Table.Th>
            <Table.Th>{t('finance.ops.pays')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('finance.ops.sum')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.items.map((op) => {
            const out = (op.expenseSum as { value?: number } | null)?.value;
            const invoices = (op.invoices as Link[] | undefined) ?? [];
            return (
              <Table.Tr key={String(op.id)} data-testid="fin-operation">
                <Table.Td>{String(op.number ?? '')}</Table.Td>
                <Table.Td>{typeof op.date === 'string' ? new Date(op.date).toLocaleDateString() : ''}</Table.Td>
                <Table.Td>{t(`finance.ops.kind.${String(op.kind ?? 'income')}`, String(op.kind ?? ''))}</Table.Td>
                <Table.Td>{isLink(op.realAccount) && <LinkName link={op.realAccount} />}</Table.Td>
                <Table.Td>
                  {invoices.map((inv) => {
                    const part = invoices.length > 1 ? partFor(op.invoiceSums, String(inv.id)) : undefined;
                    return (
                      <Anchor key={inv.id} component={RouterLink} to={`/invoices/${inv.id}/card`} mr="xs" data-testid="fin-operation-invoice">
                        <LinkName link={inv} />
                        {part && ` (${money(part)})`}
                      </Anchor>
                    );
                  })}
                  {isLink(op.deal) && <LinkName link={op.deal} />}
                  {String(op.description ?? '')}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }} c={out ? 'red' : 'green'}>
                  {out ? '−' : '+'}
                  {money(op.sum)}
                  {converted(op.sum, op.accountSum) && <Text size="xs" c="dimmed">= {money(op.accountSum)}</Text>}
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={t('finance.ops.delete')} onClick={() => void deleteOperation(String(op.id))}>
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
