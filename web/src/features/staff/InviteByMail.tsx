// Invitation by e-mail (administrators): addresses one per line, each
// "Name Surname <address>" or a bare address, go to POST /invitedEmployee;
// the server mails each a personal link from the administrator's mail
// account. Below, the invitations not yet taken up (PendingInvites).
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api';
import { HttpError } from '../../data/transport';
import { errorText } from '../../app/errors/errorText';
import { PendingInvites, type Invited } from './PendingInvites';

/** parseLines turns the text area into InvitedEmployee items, one per non-empty line. */
export const parseLines = (text: string) =>
  text.split('\n').map((l) => l.trim()).filter(Boolean).map((rawString) => ({ contentType: 'InvitedEmployee', rawString }));

export function InviteByMail() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<Invited[] | null>(null);
  const [pending, setPending] = useState<Invited[]>([]);

  const load = useCallback(() => {
    api.get<Invited[]>('invitedEmployee').then((r) => setPending(r.data), () => setPending([]));
  }, []);
  useEffect(() => {
    if (open) load();
  }, [open, load]);

  const send = async () => {
    setBusy(true);
    setError('');
    try {
      const r = await api.post<Invited[]>('invitedEmployee', parseLines(text));
      setDone(r.data);
      setText('');
      load();
    } catch (err) {
      const lines = err instanceof HttpError && err.errors.length ? err.errors.map((e) => `${e.field}: ${e.message}`) : [errorText(err, t)];
      setError(lines.join('\n'));
    }
    setBusy(false);
  };

  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)} data-testid="staff-invite-open">{t('staff.invite.open')}</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('staff.invite.title')} size="xl">
        <Stack>
          <Textarea label={t('staff.invite.addresses')} description={t('staff.invite.hint')} autosize minRows={3}
            value={text} onChange={(e) => setText(e.currentTarget.value)} data-testid="staff-invite-text" />
          {error && <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{error}</Alert>}
          {done && (
            <Alert color="green" data-testid="staff-invite-done">
              {done.map((d) => <div key={d.mail}>{d.mail}: {d.exists ? t('staff.invite.exists') : t('staff.invite.sent')}</div>)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={() => void send()} loading={busy} disabled={!text.trim()} data-testid="staff-invite-send">{t('staff.invite.send')}</Button>
          </Group>
          <PendingInvites pending={pending} reload={load} />
        </Stack>
      </Modal>
    </>
  );
}
