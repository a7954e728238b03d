// The e-mail invitations not yet taken up (GET /invitedEmployee), each
// with how its mail fared and two actions (docs/people.md, "Resending and
// cancelling"): resend (a new link by a new e-mail, the old link void)
// and cancel (the link void, the invitee dismissed), which asks first
// because it dismisses someone. Both name the invitation by the invited
// employee's id.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api';
import { errorText } from '../../app/errors/errorText';
import type { Link } from '../../data/types';

export interface Invited {
  mail: string;
  firstName?: string;
  lastName?: string;
  exists: boolean;
  employee?: Link | null;
  mailStatus?: string;
  mailError?: string;
  timeExpires?: { value: string };
}

const statusColor = (s?: string) => (s === 'sent' ? 'green' : s === 'failed' ? 'red' : 'gray');

/** expired tells whether an invitation's link has run out (a resend renews it). */
export const expired = (p: Invited, now = Date.now()) => !!p.timeExpires && Date.parse(p.timeExpires.value) <= now;

export function PendingInvites({ pending, reload }: { pending: Invited[]; reload: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState('');
  const [asking, setAsking] = useState('');
  const [error, setError] = useState('');
  const [note, setNote] = useState('');

  const act = async (id: string, call: () => Promise<unknown>, done: string) => {
    setBusy(id);
    setError('');
    setNote('');
    try {
      await call();
      setNote(done);
    } catch (err) {
      setError(errorText(err, t));
    }
    setAsking('');
    setBusy('');
    reload();
  };
  const resend = (p: Invited, id: string) =>
    void act(id, () => api.post(`invitedEmployee/${id}/resend`), t('staff.invite.resent', { mail: p.mail }));
  const cancel = (p: Invited, id: string) =>
    void act(id, () => api.delete(`invitedEmployee/${id}`), t('staff.invite.cancelled', { mail: p.mail }));

  return (
    <Stack gap="xs">
      <Text fw={500}>{t('staff.invite.pending')}</Text>
      {error && <Alert color="red" data-testid="staff-invite-pending-error">{error}</Alert>}
      {note && <Alert color="green" data-testid="staff-invite-pending-note">{note}</Alert>}
      {pending.length === 0 && <Text c="dimmed" size="sm">{t('staff.invite.nonePending')}</Text>}
      <Table>
        <Table.Tbody>
          {pending.map((p) => {
            const id = p.employee?.id ?? '';
            return (
              <Table.Tr key={id || p.mail} data-testid="staff-invite-pending">
                <Table.Td>{[p.firstName, p.lastName].filter(Boolean).join(' ') || p.mail}</Table.Td>
                <Table.Td>{p.mail}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={statusColor(p.mailStatus)} title={p.mailError}>{t(`staff.invite.status.${p.mailStatus || 'queued'}`)}</Badge>
                    {expired(p) && <Badge color="orange">{t('staff.invite.expired')}</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {id && asking === id ? (
                    <Group gap={4} justify="flex-end" maw={320} ml="auto">
                      <Text size="xs">{t('staff.invite.cancelAsk')}</Text>
                      <Button size="compact-xs" color="red" loading={busy === id} onClick={() => cancel(p, id)}
                        data-testid="staff-invite-cancel-yes">{t('staff.invite.cancelYes')}</Button>
                      <Button size="compact-xs" variant="default" disabled={busy === id} onClick={() => setAsking('')}
                        data-testid="staff-invite-cancel-no">{t('staff.invite.cancelNo')}</Button>
                    </Group>
                  ) : id && (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="compact-xs" variant="light" loading={busy === id} disabled={!!busy} onClick={() => resend(p, id)}
                        data-testid="staff-invite-resend">{t('staff.invite.resend')}</Button>
                      <Button size="compact-xs" variant="subtle" color="red" disabled={!!busy} onClick={() => setAsking(id)}
                        data-testid="staff-invite-cancel">{t('staff.invite.cancel')}</Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
