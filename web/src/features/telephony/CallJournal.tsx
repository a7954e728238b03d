// /calls: the caller's calls, newest first (an administrator's: all), with
// their recordings and to-dos; the numbers call back on click.
import { useEffect, useState } from 'react';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../app/errors/errorText';
import { cardPath } from '../../app/paths';
import { journal } from './callApi';
import { phoneOf, type CallInfo } from './callState';
import { TelephonySettings } from './TelephonySettings';

const typeKeys: Record<string, string> = {
  in: 'telephony.type.in',
  out: 'telephony.type.out',
  miss: 'telephony.type.miss',
  fail: 'telephony.type.fail',
};

function when(c: CallInfo & { timeFrom?: { value: string } | null }): string {
  return c.timeFrom ? new Date(c.timeFrom.value).toLocaleString() : '';
}

export function CallJournalPage() {
  const { t } = useTranslation();
  const [calls, setCalls] = useState<CallInfo[]>();
  const [error, setError] = useState('');
  useEffect(() => {
    journal().then(setCalls).catch((err: unknown) => setError(errorText(err, t)));
  }, [t]);
  return (
    <Stack data-testid="call-journal">
      <Title order={2}>{t('telephony.journal.title')}</Title>
      {error && <Text c="red">{error}</Text>}
      {calls && calls.length === 0 && <Text c="dimmed">{t('telephony.journal.empty')}</Text>}
      {calls && calls.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('telephony.journal.when')}</Table.Th>
              <Table.Th>{t('telephony.journal.number')}</Table.Th>
              <Table.Th>{t('telephony.journal.type')}</Table.Th>
              <Table.Th>{t('telephony.journal.duration')}</Table.Th>
              <Table.Th>{t('telephony.journal.record')}</Table.Th>
              <Table.Th>{t('telephony.todo')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {calls.map((c) => (
              <Table.Tr key={c.id} data-testid="call-row">
                <Table.Td>{when(c)}</Table.Td>
                <Table.Td>
                  <Anchor component="button" data-phone={phoneOf(c)}>{phoneOf(c)}</Anchor>
                </Table.Td>
                <Table.Td>{t(typeKeys[c.type] ?? 'telephony.type.unknown')}</Table.Td>
                <Table.Td>{`${Math.floor(c.duration / 60)}:${String(c.duration % 60).padStart(2, '0')}`}</Table.Td>
                <Table.Td>
                  {c.recordLinks.map((l) => (
                    <Anchor key={l} href={l} target="_blank" rel="noreferrer">{t('telephony.journal.listen')}</Anchor>
                  ))}
                </Table.Td>
                <Table.Td>{c.todo && <Anchor component={Link} to={cardPath(c.todo)}>{t('telephony.todo')}</Anchor>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <TelephonySettings />
    </Stack>
  );
}
