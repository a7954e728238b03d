// The mail accounts the reader sees (their own and the shared ones): each
// with its IMAP and SMTP status and the last error in words, a check that
// logs in to both servers, change and delete.
import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { HttpError } from '../../data/transport';
import { MailAccountForm } from './MailAccountForm';
import { checkAccount, deleteAccount, loadAccounts, type MailAccount, type MailStatus } from './mailApi';

const statusColor: Record<MailStatus, string> = { enabled: 'green', error: 'red', unknown: 'gray', disabled: 'gray' };

function Status({ label, status, testid }: { label: string; status: MailStatus; testid: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColor[status] ?? 'gray'} variant="light" data-testid={testid} data-status={status}>
      {label}: {t(`discuss.mail.status.${status}`)}
    </Badge>
  );
}

function AccountCard({ account, onChanged, onEdit, onDeleted }: {
  account: MailAccount;
  onChanged: (a: MailAccount) => void;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string[]>([]);
  const check = async () => {
    setChecking(true);
    setProblem([]);
    try {
      onChanged(await checkAccount(account.id));
      notifications.show({ color: 'green', message: t('discuss.mail.checked') });
    } catch (err) {
      // A failed check answers 422 with each server's reason; the status
      // it kept is read again.
      setProblem(err instanceof HttpError ? err.errors.map((e) => e.message) : [errorText(err, t)]);
      loadAccounts().then((list) => list.filter((a) => a.id === account.id).forEach(onChanged), () => undefined);
    } finally {
      setChecking(false);
    }
  };
  const remove = () => deleteAccount(account.id).then(onDeleted, (err: unknown) => notifications.show({ color: 'red', message: errorText(err, t) }));
  return (
    <Card withBorder data-testid="mail-account" data-email={account.email}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{account.email}</Text>
            {account.isDefault && <Badge variant="outline">{t('discuss.mail.default')}</Badge>}
            {account.isShared && <Badge variant="outline">{t('discuss.mail.shared')}</Badge>}
          </Group>
          <Text size="xs" c="dimmed">
            {t(`discuss.mail.mode.${account.incomingEmailMode}`)} · IMAP {account.imapConfig.host}:{account.imapConfig.port} · SMTP {account.smtpConfig.host}:
            {account.smtpConfig.port}
          </Text>
          <Group gap="xs">
            <Status label="IMAP" status={account.imapStatus} testid="mail-imap-status" />
            <Status label="SMTP" status={account.smtpStatus} testid="mail-smtp-status" />
          </Group>
          {account.imapError && <Text size="xs" c="red">IMAP: {account.imapError}</Text>}
          {account.smtpError && <Text size="xs" c="red">SMTP: {account.smtpError}</Text>}
          {problem.map((p) => (
            <Text key={p} size="sm" c="red" data-testid="mail-check-error">{p}</Text>
          ))}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="light" loading={checking} onClick={() => void check()} data-testid="mail-check">
            {t('discuss.mail.check')}
          </Button>
          <ActionIcon variant="subtle" color="gray" aria-label={t('discuss.mail.edit')} onClick={onEdit}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label={t('discuss.mail.delete')} onClick={() => void remove()}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}

export function MailAccounts() {
  const { t } = useTranslation();
  const [list, setList] = useState<MailAccount[] | null>(null);
  const [editing, setEditing] = useState<MailAccount | null | undefined>(undefined);
  const reload = useCallback(() => {
    loadAccounts().then(setList, (err: unknown) => notifications.show({ color: 'red', message: errorText(err, t) }));
  }, [t]);
  useEffect(() => reload(), [reload]);
  const put = (a: MailAccount) => setList((l) => (l ?? []).some((x) => x.id === a.id) ? (l ?? []).map((x) => (x.id === a.id ? a : x)) : [...(l ?? []), a]);
  return (
    <Stack gap="sm" data-testid="mail-accounts">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">{t('discuss.mail.intro')}</Text>
        <Button leftSection={<IconPlus size={14} />} onClick={() => setEditing(null)} data-testid="mail-add">
          {t('discuss.mail.add')}
        </Button>
      </Group>
      {list?.length === 0 && <Text c="dimmed">{t('discuss.mail.none')}</Text>}
      {list?.map((a) => (
        <AccountCard key={a.id} account={a} onChanged={put} onEdit={() => setEditing(a)} onDeleted={reload} />
      ))}
      <MailAccountForm
        account={editing ?? null}
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={(a) => {
          put(a);
          setEditing(undefined);
        }}
      />
    </Stack>
  );
}
