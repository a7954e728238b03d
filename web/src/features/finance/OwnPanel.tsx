// The finance page's "our legal entities" (administrators): the payers
// marked isOwn, with the requisites an invoice prints for its payee. The
// first one made is every new invoice's payee unless another is picked.
import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useSession } from '../../app/session/SessionContext';
import { api } from '../../data/api';
import { useList } from '../../data/hooks';
import { reloadLists } from '../../data/lists';
import type { Entity } from '../../data/types';

const FIELDS = ['name', 'inn', 'kpp', 'legalAddress', 'bank', 'bik', 'correspondentAccount', 'currentAccount'] as const;
type Field = (typeof FIELDS)[number];
type Form = Record<Field, string>;
const blank = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Form;
const formOf = (p: Entity) => Object.fromEntries(FIELDS.map((f) => [f, String(p[f] ?? '')])) as Form;

export function OwnPanel() {
  const { t } = useTranslation();
  const admin = useSession().isAdmin;
  const own = useList({ contentType: 'Payer', endpoint: 'payer/ownRecipients', fields: [...FIELDS], limit: 50 });
  const [editing, setEditing] = useState<string | null>(null);
  const [form, setForm] = useState<Form>(blank);
  const [failed, setFailed] = useState<string | null>(null);
  if (!admin) return null;
  const labels: Record<Field, string> = {
    name: t('finance.own.name'),
    inn: t('finance.own.inn'),
    kpp: t('finance.own.kpp'),
    legalAddress: t('finance.own.legalAddress'),
    bank: t('finance.own.bank'),
    bik: t('finance.own.bik'),
    correspondentAccount: t('finance.own.correspondentAccount'),
    currentAccount: t('finance.own.currentAccount'),
  };
  const edit = (p: Entity | null) => {
    setEditing(p ? String(p.id) : null);
    setForm(p ? formOf(p) : blank);
  };
  const run = async (fn: () => Promise<unknown>) => {
    setFailed(null);
    try {
      await fn();
      reloadLists('Payer');
      edit(null);
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  const save = () =>
    run(() =>
      api.post(editing ? `payer/${editing}` : 'payer', {
        contentType: 'Payer',
        ...form,
        ...(editing ? {} : { type: 'Legal', isOwn: true, country: { contentType: 'Country', id: '1' } }),
      }),
    );
  const first = own.items[own.items.length - 1];
  return (
    <Stack gap="sm" data-testid="fin-own">
      <Title order={3}>{t('finance.own.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('finance.own.hint')}
      </Text>
      <Table striped>
        <Table.Tbody>
          {own.items.map((p) => (
            <Table.Tr key={String(p.id)} data-testid="fin-own-row">
              <Table.Td>
                {String(p.name ?? '')}
                {p === first && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    · {t('finance.own.default')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{[p.inn && `${t('finance.own.inn')} ${String(p.inn)}`, p.bank, p.currentAccount].filter(Boolean).join(', ')}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                <Group gap="xs" justify="flex-end">
                  <Button size="xs" variant="default" onClick={() => edit(p)} data-testid="fin-own-edit">
                    {t('finance.own.edit')}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => void run(() => api.post(`payer/${String(p.id)}`, { isOwn: false }))} data-testid="fin-own-remove">
                    {t('finance.own.remove')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <SimpleGrid cols={{ base: 1, md: 4 }}>
        {FIELDS.map((f) => (
          <TextInput key={f} label={labels[f]} value={form[f]} onChange={(e) => setForm({ ...form, [f]: e.currentTarget.value })} data-testid={`fin-own-${f}`} />
        ))}
      </SimpleGrid>
      <Group>
        <Button disabled={!form.name.trim()} onClick={() => void save()} data-testid="fin-own-save">
          {editing ? t('finance.own.save') : t('finance.own.add')}
        </Button>
        {editing && (
          <Button variant="default" onClick={() => edit(null)}>
            {t('finance.own.cancel')}
          </Button>
        )}
      </Group>
      {failed && <Alert color="red">{failed}</Alert>}
    </Stack>
  );
}
