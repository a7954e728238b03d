// The messenger at /discuss/chat/{id}: the reader's chats on the left
// (pinned first, unread counts), the open chat in the middle, its people,
// pin and sound on the right. Everything follows the live socket.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../data/api';
import { useConnectionState } from '../../data/realtime';
import { errorText } from '../../app/errors/errorText';
import { loadChats, type Chat } from './chatApi';
import { ChatList, useChatTitle } from './ChatList';
import { ChatView } from './ChatView';
import { NewChat } from './NewChat';
import { ParticipantsPanel } from './ParticipantsPanel';
import { chime } from './sound';
import { useChatEvents, useMe } from './useChatEvents';

export const chatPath = (id: string) => `/discuss/chat/${id}/`;

function Header({ chat }: { chat: Chat }) {
  const title = useChatTitle(chat);
  return (
    <Box px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Title order={4} data-testid="chat-title">
        {title}
      </Title>
    </Box>
  );
}

export function Messenger({ chatId }: { chatId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const connection = useConnectionState();
  const [chats, setChats] = useState<Chat[]>([]);
  const [total, setTotal] = useState(0);
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState<Chat | undefined>();
  const reloading = useRef<ReturnType<typeof setTimeout>>(undefined);

  const reload = useCallback(() => {
    clearTimeout(reloading.current);
    // Several events at once (a burst of messages) make one reload.
    reloading.current = setTimeout(() => {
      Promise.all([loadChats(), api.get<number>('chat/totalUnreadCommentsCount', undefined, { batch: false })])
        .then(([list, count]) => {
          setChats(list);
          setTotal(Number(count.data) || 0);
        })
        .catch((err: unknown) => notifications.show({ color: 'red', title: t('discuss.failed'), message: errorText(err, t) }));
    }, 50);
  }, [t]);
  // At start and after every reconnect: events may have been missed.
  useEffect(() => reload(), [reload, connection]);
  useEffect(() => () => clearTimeout(reloading.current), []);

  useChatEvents((ev) => {
    if (ev.type === 'typing') return;
    reload();
    const mine = ev.user.contentType === me.contentType && String(ev.user.id) === me.id;
    const chat = chats.find((c) => c.id === ev.chat.id);
    if (ev.type === 'message' && !mine && !chat?.soundDisable) chime();
  });

  const listed = chats.find((c) => c.id === chatId);
  // A chat just started is shown before the list has it.
  const chat = listed ?? (opened?.id === chatId ? opened : undefined);
  const changed = (c: Chat) => setChats((list) => list.map((x) => (x.id === c.id ? { ...x, ...c } : x)));

  return (
    <Group align="stretch" gap={0} wrap="nowrap" style={{ height: 'calc(100vh - 110px)', minHeight: 400 }} data-testid="messenger">
      <Stack w={300} gap="xs" p="sm" style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}>
        <Group justify="space-between">
          <Group gap={6}>
            <Title order={4}>{t('discuss.title')}</Title>
            {total > 0 && (
              <Badge color="red" data-testid="discuss-total-unread">
                {total}
              </Badge>
            )}
          </Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)} data-testid="chat-new">
            {t('discuss.new.button')}
          </Button>
        </Group>
        <ChatList chats={chats} active={chatId} onOpen={(id) => void navigate(chatPath(id))} />
      </Stack>
      {chat ? (
        <>
          <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <Header chat={chat} />
            <ChatView key={chat.id} chat={chat} onRead={reload} />
          </Box>
          <ParticipantsPanel chat={chat} onChanged={(c) => (changed(c), reload())} />
        </>
      ) : (
        <Center style={{ flex: 1 }}>
          <Text c="dimmed">{chatId ? t('discuss.chat.notFound') : t('discuss.chat.choose')}</Text>
        </Center>
      )}
      <NewChat
        opened={creating}
        onClose={() => setCreating(false)}
        onOpened={(c) => {
          setCreating(false);
          setOpened(c);
          reload();
          void navigate(chatPath(c.id));
        }}
      />
    </Group>
  );
}
