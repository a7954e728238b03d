// What a chat message carries when it is e-mail: who wrote it (an
// incoming letter's sender) or whom it went to and how its delivery
// stands, the subject, and the attached files.
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLinkLabel } from '../../fields/link/LinkName';
import type { Link } from '../../data/types';
import { fileURL, type MailMessage } from './mailApi';

const statusColor = { queued: 'yellow', sent: 'green', failed: 'red', received: 'blue' } as const;

function FileLink({ file }: { file: Link }) {
  const name = useLinkLabel(file);
  return (
    <Anchor href={fileURL(file.id)} size="xs" target="_blank" data-testid="mail-attachment">
      <IconPaperclip size={12} /> {name}
    </Anchor>
  );
}

export function MailNote({ mail }: { mail: MailMessage }) {
  const { t } = useTranslation();
  const who = mail.from.name ? `${mail.from.name} <${mail.from.email}>` : mail.from.email;
  return (
    <Stack gap={2} mb={2} data-testid="mail-note" data-status={mail.status}>
      <Group gap={6}>
        <IconMail size={14} />
        <Text size="xs" c="dimmed" data-testid="mail-party">
          {mail.isOutgoing
            ? t('discuss.mail.note.to', { to: mail.to.map((c) => c.email).join(', ') })
            : t('discuss.mail.note.from', { from: who })}
        </Text>
        <Badge size="xs" variant="light" color={statusColor[mail.status]} data-testid="mail-status">
          {t(`discuss.mail.delivery.${mail.status}`)}
        </Badge>
      </Group>
      {mail.subject && (
        <Text size="xs" fw={600}>
          {mail.subject}
        </Text>
      )}
      {mail.status === 'failed' && mail.lastErrorMessage && (
        <Text size="xs" c="red">
          {mail.lastErrorMessage}
        </Text>
      )}
      {mail.attaches.length > 0 && (
        <Group gap="sm">
          {mail.attaches.map((f) => (
            <FileLink key={f.id} file={f} />
          ))}
        </Group>
      )}
    </Stack>
  );
}
