// The left column of the messenger: the reader's chats, pinned first,
// each with its unread count; the way to a new dialogue or group chat.
import { Badge, Box, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPinFilled, IconVolumeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLinkLabel } from '../../fields/link/LinkName';
import type { Link } from '../../data/types';
import type { Chat } from './chatApi';
import { useMe } from './useChatEvents';

/** otherSide is the person a private dialogue is with, seen by me. */
export function otherSide(chat: Chat, me: Link): Link | null {
  if (!chat.isPrivate || chat.isDiscussable) return null;
  const people = [chat.owner, chat.visavis, ...(chat.participants ?? [])];
  return people.find((p) => p && !(p.contentType === me.contentType && String(p.id) === me.id)) ?? null;
}

/** useChatTitle: a dialogue is named by the other person, a chat by its name. */
export function useChatTitle(chat: Chat | undefined): string {
  const { t } = useTranslation();
  const me = useMe();
  const other = chat ? otherSide(chat, me) : null;
  const label = useLinkLabel(other);
  if (!chat) return '';
  if (other) return label;
  return chat.name?.trim() || t('discuss.chat.untitled');
}

function ChatRow({ chat, active, onOpen }: { chat: Chat; active: boolean; onOpen: (id: string) => void }) {
  const title = useChatTitle(chat);
  const unread = chat.unreadCommentsCount ?? 0;
  return (
    <UnstyledButton
      onClick={() => onOpen(chat.id)}
      data-testid={`chat-item-${chat.id}`}
      aria-current={active ? 'page' : undefined}
      px="sm"
      py={8}
      style={{ borderRadius: 6, background: active ? 'var(--mantine-color-blue-light)' : undefined }}
    >
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={unread > 0 ? 700 : 400} truncate style={{ flex: 1 }}>
          {title}
        </Text>
        {chat.soundDisable && <IconVolumeOff size={14} aria-label="muted" />}
        {chat.isAttached && <IconPinFilled size={14} data-testid="chat-pinned" />}
        {unread > 0 && (
          <Badge size="sm" circle={unread < 10} data-testid="chat-unread">
            {unread}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

export function ChatList({ chats, active, onOpen }: { chats: Chat[]; active?: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <ScrollArea style={{ flex: 1 }} data-testid="chat-list">
      <Stack gap={2}>
        {chats.map((c) => (
          <ChatRow key={c.id} chat={c} active={c.id === active} onOpen={onOpen} />
        ))}
        {chats.length === 0 && (
          <Box p="sm">
            <Text size="sm" c="dimmed">
              {t('discuss.list.empty')}
            </Text>
          </Box>
        )}
      </Stack>
    </ScrollArea>
  );
}
