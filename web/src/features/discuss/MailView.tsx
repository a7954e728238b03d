// The mail view at /discuss/mail/{id?}: the reader's accounts' letters in
// two folders, received and sent (newest first), the opened one beside
// the list with where it is filed, and "Write" for a new letter.
import { useCallback, useEffect, useState } from 'react';
import { Anchor, Badge, Box, Button, Center, Group, NavLink, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInbox, IconPencil, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorText } from '../../app/errors/errorText';
import { formatDateTime } from '../../fields/dateTime/convert';
import { useLinkLabel } from '../../fields/link/LinkName';
import type { Link } from '../../data/types';
import { MailCompose } from './MailCompose';
import { MailNote } from './MailNote';
import { loadAccounts, loadFolder, loadLetter, type MailAccount, type MailMessage } from './mailApi';
import { entityHref, folderOf, FOLDERS, mailPath, party, type Folder } from './mailView';

const statusColor = { queued: 'yellow', sent: 'green', failed: 'red', received: 'blue' } as const;
const when = (m: MailMessage) => {
  const v = m.timeSent?.value ?? m.timeCreated?.value;
  return v ? formatDateTime({ contentType: 'DateTime', value: v }) : '';
};

function Row({ m, active, onOpen }: { m: MailMessage; active: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton onClick={onOpen} px="sm" py={6} data-testid="mail-row" data-id={m.id}
      style={{ display: 'block', width: '100%', background: active ? 'var(--mantine-color-blue-light)' : undefined }}>
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <Text size="sm" fw={600} truncate>{party(m)}</Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{when(m)}</Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <Text size="sm" truncate>{m.subject || t('discuss.mail.view.noSubject')}</Text>
        {m.isOutgoing && <Badge size="xs" variant="light" color={statusColor[m.status]}>{t(`discuss.mail.delivery.${m.status}`)}</Badge>}
      </Group>
    </UnstyledButton>
  );
}

function FiledTo({ entity }: { entity: Link }) {
  const { t } = useTranslation();
  const name = useLinkLabel(entity);
  return (
    <Text size="sm" data-testid="mail-letter-entity">
      {t('discuss.mail.view.filedTo')}{' '}
      <Anchor component={RouterLink} to={entityHref(entity)}>{name || `${entity.contentType} ${entity.id}`}</Anchor>
    </Text>
  );
}

function Letter({ m }: { m: MailMessage }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" p="md" data-testid="mail-letter">
      <Title order={4}>{m.subject || t('discuss.mail.view.noSubject')}</Title>
      <Text size="xs" c="dimmed">{when(m)}</Text>
      <MailNote mail={{ ...m, subject: '' }} />
      {m.entity && <FiledTo entity={m.entity} />}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="mail-letter-text">{m.text}</Text>
    </Stack>
  );
}

export function MailView({ id }: { id?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [folder, setFolder] = useState<Folder>('inbox');
  const [list, setList] = useState<MailMessage[] | null>(null);
  const [letter, setLetter] = useState<MailMessage | null>(null);
  const [accounts, setAccounts] = useState<MailAccount[] | null>(null);
  const [composing, setComposing] = useState(false);
  const failed = useCallback((err: unknown) => notifications.show({ color: 'red', title: t('discuss.failed'), message: errorText(err, t) }), [t]);
  // A folder's list is read when the folder changes or a reload is asked;
  // an answer for a folder no longer shown is dropped.
  const [tick, setTick] = useState(0);
  const reload = () => setTick((n) => n + 1);
  useEffect(() => {
    let live = true;
    loadFolder(folder === 'sent').then((l) => live && setList(l), failed);
    return () => {
      live = false;
    };
  }, [folder, tick, failed]);
  useEffect(() => {
    loadAccounts().then(setAccounts, () => setAccounts([]));
  }, []);
  useEffect(() => {
    if (!id) return setLetter(null);
    let live = true;
    loadLetter(id).then((m) => {
      if (!live) return;
      setLetter(m);
      // A letter opened by its address shows its own folder.
      setFolder(folderOf(m));
    }, failed);
    return () => {
      live = false;
    };
  }, [id, failed]);
  const sent = (m: MailMessage) => {
    setComposing(false);
    setFolder('sent');
    void navigate(mailPath(m.id));
    reload();
    // The send job takes it within seconds; its status is read again then.
    setTimeout(() => {
      reload();
      loadLetter(m.id).then(setLetter, () => undefined);
    }, 6000);
  };
  const icons = { inbox: IconInbox, sent: IconSend };
  return (
    <Group align="stretch" gap={0} wrap="nowrap" style={{ height: 'calc(100vh - 110px)', minHeight: 400 }} data-testid="mail-view">
      <Stack w={200} gap="xs" p="sm" style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}>
        <Title order={4}>{t('discuss.mail.tab')}</Title>
        <Button size="xs" leftSection={<IconPencil size={14} />} disabled={!accounts?.length} onClick={() => setComposing(true)} data-testid="mail-write">
          {t('discuss.mail.view.write')}
        </Button>
        {FOLDERS.map((f) => {
          const Icon = icons[f];
          return <NavLink key={f} label={t(`discuss.mail.view.${f}`)} leftSection={<Icon size={16} />} active={folder === f}
            onClick={() => setFolder(f)} data-testid={`mail-folder-${f}`} />;
        })}
        {accounts?.length === 0 && <Text size="xs" c="dimmed">{t('discuss.mail.noAccount')}</Text>}
      </Stack>
      <ScrollArea w={360} style={{ borderRight: '1px solid var(--mantine-color-default-border)' }} data-testid="mail-list">
        {list?.length === 0 && <Text c="dimmed" p="md">{t('discuss.mail.noMail')}</Text>}
        {list?.map((m) => <Row key={m.id} m={m} active={m.id === id} onOpen={() => void navigate(mailPath(m.id))} />)}
      </ScrollArea>
      <Box style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        {letter ? <Letter m={letter} /> : (
          <Center h="100%"><Text c="dimmed">{t('discuss.mail.view.choose')}</Text></Center>
        )}
      </Box>
      {accounts && <MailCompose opened={composing} accounts={accounts} onClose={() => setComposing(false)} onSent={sent} />}
    </Group>
  );
}
