// The mail of a client card (or a deal): the letters sent and received,
// each with its status and files, and a form that sends a letter from
// the reader's mail account, to the client's own e-mail unless another
// address is given. The text is also kept as a comment of the card.
import { useCallback, useEffect, useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Link } from '../../data/types';
import { loadAccounts, loadMail, recipients, sendMail, type MailMessage } from './mailApi';
import { MailNote } from './MailNote';

export function EntityMail({ entity }: { entity: Link }) {
  const { t } = useTranslation();
  const [list, setList] = useState<MailMessage[]>([]);
  const [canMail, setCanMail] = useState(false);
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const { contentType, id } = entity;
  const reload = useCallback(() => {
    loadMail({ contentType, id }).then(setList, () => undefined);
  }, [contentType, id]);
  useEffect(() => reload(), [reload]);
  useEffect(() => {
    loadAccounts().then((l) => setCanMail(l.length > 0), () => setCanMail(false));
  }, []);
  const send = async () => {
    setSending(true);
    try {
      await sendMail({ entity: { contentType, id }, text, subject: subject.trim() || undefined, to: to.trim() ? recipients(to) : undefined });
      setText('');
      setSubject('');
      reload();
      setTimeout(reload, 6000);
    } catch (err) {
      notifications.show({ color: 'red', title: t('discuss.mail.sendFailed'), message: errorText(err, t) });
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="entity-mail">
      <Title order={5}>{t('discuss.mail.tab')}</Title>
      {list.length === 0 && <Text size="sm" c="dimmed">{t('discuss.mail.noMail')}</Text>}
      {list.map((m) => (
        <Paper key={m.id} withBorder p="xs" data-testid="entity-mail-item">
          <MailNote mail={m} />
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{m.text}</Text>
        </Paper>
      ))}
      {canMail ? (
        <Stack gap={6}>
          <Group grow>
            <TextInput size="xs" placeholder={t('discuss.mail.composer.toClient')} aria-label={t('discuss.mail.composer.to')} value={to}
              onChange={(e) => setTo(e.currentTarget.value)} data-testid="entity-mail-to" />
            <TextInput size="xs" placeholder={t('discuss.mail.composer.subject')} aria-label={t('discuss.mail.composer.subject')} value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)} data-testid="entity-mail-subject" />
          </Group>
          <Textarea autosize minRows={2} placeholder={t('discuss.mail.composer.text')} aria-label={t('discuss.mail.composer.text')} value={text}
            onChange={(e) => setText(e.currentTarget.value)} data-testid="entity-mail-text" />
          <Group justify="flex-end">
            <Button size="xs" loading={sending} disabled={!text.trim()} onClick={() => void send()} data-testid="entity-mail-send">
              {t('discuss.mail.composer.send')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">{t('discuss.mail.noAccount')}</Text>
      )}
    </Stack>
  );
}
