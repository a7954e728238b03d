// One message: its author and time, its text with mentions shown as
// names, and, for whoever may, edit and delete in place.
import { useState } from 'react';
import { ActionIcon, Box, Button, Group, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../fields/dateTime/convert';
import { isLink, useLinkLabel } from '../../fields/link/LinkName';
import { AttachmentList } from '../files';
import type { Message } from './chatApi';
import type { MailMessage } from './mailApi';
import { MailNote } from './MailNote';
import { pieces } from './mentions';

function Content({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="message-content">
      {pieces(text).map((p, i) =>
        'name' in p ? (
          <Text key={i} span c="blue" fw={600} data-testid="message-mention">
            @{p.name}
          </Text>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </Text>
  );
}

export interface MessageItemProps {
  message: Message;
  mine: boolean;
  /** the e-mail the message is, if it is one */
  mail?: MailMessage;
  onEdit: (m: Message, text: string) => Promise<boolean>;
  onDelete: (m: Message) => void;
}

export function MessageItem({ message, mine, mail, onEdit, onDelete }: MessageItemProps) {
  const { t } = useTranslation();
  const author = useLinkLabel(message.owner);
  const [editing, setEditing] = useState<string | null>(null);
  const acts = message.possibleActions ?? [];
  const time = message.timeCreated?.value ? formatDateTime({ contentType: 'DateTime', value: message.timeCreated.value }) : '';
  return (
    <Box px="md" py={6} data-testid="message" data-id={message.id} data-unread={message.isUnread ? 'true' : undefined}>
      <Group gap={8} justify="space-between" wrap="nowrap">
        <Group gap={8}>
          <Text size="sm" fw={600} c={mine ? 'blue' : undefined}>
            {author || (mail && !mail.isOutgoing ? mail.from.name || mail.from.email : '')}
          </Text>
          <Text size="xs" c="dimmed">
            {time}
          </Text>
        </Group>
        <Group gap={2}>
          {acts.includes('act_edit_comment') && editing === null && (
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('discuss.message.edit')} onClick={() => setEditing(message.content ?? '')}>
              <IconPencil size={14} />
            </ActionIcon>
          )}
          {acts.includes('act_delete_comment') && (
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('discuss.message.delete')} onClick={() => onDelete(message)}>
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      {mail && <MailNote mail={mail} />}
      {editing === null ? (
        <>
          {message.content ? <Content text={message.content} /> : null}
          {/* an e-mail's files are listed on its note already */}
          {!mail?.attaches.length && <AttachmentList files={(message.attaches ?? []).filter(isLink)} previews />}
        </>
      ) : (
        <Box>
          <Textarea autosize minRows={1} value={editing} onChange={(e) => setEditing(e.currentTarget.value)} aria-label={t('discuss.message.edit')} />
          <Group gap="xs" mt={4}>
            <Button size="xs" onClick={() => void onEdit(message, editing).then((ok) => ok && setEditing(null))}>
              {t('discuss.message.save')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditing(null)}>
              {t('discuss.message.cancel')}
            </Button>
          </Group>
        </Box>
      )}
    </Box>
  );
}
