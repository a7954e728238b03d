// One chat: its messages in a virtualised list (only what is on screen
// is drawn, however long the history), older pages loaded when scrolled
// to the top, new ones arriving live; who is typing; the composer.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, Center, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useLinkLabel } from '../../fields/link/LinkName';
import type { Link } from '../../data/types';
import { deleteMessage, editMessage, loadMessage, loadMessages, markRead, sendMessage, sendTyping, type Chat, type Message } from './chatApi';
import { Composer } from './Composer';
import { byComment, loadAccounts, loadMail, sendMail, type MailMessage } from './mailApi';
import { MessageItem } from './MessageItem';
import { useChatEvents, useMe } from './useChatEvents';

const TYPING_SHOWN_MS = 4000;
const EDGE_PX = 80;

/** merged puts messages into a list kept oldest first, dropping deleted ones. */
export function merged(list: Message[], items: Message[]): Message[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of items) {
    if (m.isDropped) byId.delete(m.id);
    else byId.set(m.id, m);
  }
  return [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

function Typing({ who }: { who: Link }) {
  const { t } = useTranslation();
  const name = useLinkLabel(who);
  return (
    <Text size="xs" c="dimmed" px="md" data-testid="chat-typing">
      {t('discuss.chat.typing', { name })}
    </Text>
  );
}

export function ChatView({ chat, onRead }: { chat: Chat; onRead: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [messages, setMessages] = useState<Message[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [typing, setTyping] = useState<Link | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const loadingOlder = useRef(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The chat's e-mail, shown on the messages it arrived or went out as.
  const [mail, setMail] = useState<Map<string, MailMessage>>(new Map());
  const [canMail, setCanMail] = useState(false);
  const reloadMail = useCallback(() => {
    loadMail({ contentType: 'Topic', id: chat.id }).then((list) => setMail(byComment(list)), () => undefined);
  }, [chat.id]);
  useEffect(() => reloadMail(), [reloadMail]);
  useEffect(() => {
    loadAccounts().then((list) => setCanMail(list.length > 0), () => setCanMail(false));
  }, []);
  const virt = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 56,
    overscan: 8,
    getItemKey: (i) => messages[i].id,
  });
  const failed = useCallback((err: unknown) => notifications.show({ color: 'red', title: t('discuss.failed'), message: errorText(err, t) }), [t]);
  const read = useCallback(() => {
    if (document.visibilityState === 'visible') markRead(chat.id).then(onRead, failed);
  }, [chat.id, onRead, failed]);

  useEffect(() => {
    let live = true;
    setMessages([]);
    setLoading(true);
    follow.current = true;
    loadMessages(chat.id)
      .then(({ items, hasMore: more }) => {
        if (!live) return;
        setMessages(merged([], items));
        setHasMore(more);
        setLoading(false);
        read();
      })
      .catch(failed);
    return () => {
      live = false;
    };
  }, [chat.id, read, failed]);

  useLayoutEffect(() => {
    if (follow.current && messages.length > 0) virt.scrollToIndex(messages.length - 1, { align: 'end' });
  }, [messages, virt]);

  const older = async () => {
    if (!hasMore || loadingOlder.current || messages.length === 0) return;
    loadingOlder.current = true;
    try {
      const { items, hasMore: more } = await loadMessages(chat.id, messages[0].id);
      follow.current = false;
      setMessages((list) => merged(list, items));
      setHasMore(more);
      requestAnimationFrame(() => virt.scrollToIndex(items.length, { align: 'start' }));
    } catch (err) {
      failed(err);
    } finally {
      loadingOlder.current = false;
    }
  };
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX;
    if (el.scrollTop < EDGE_PX) void older();
  };

  useChatEvents((ev) => {
    if (ev.chat.id !== chat.id) return;
    if (ev.type === 'typing') {
      setTyping(ev.user);
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
      return;
    }
    if (ev.type === 'message') {
      setTyping(null);
      reloadMail();
      loadMessages(chat.id)
        .then(({ items }) => {
          setMessages((list) => merged(list, items));
          read();
        })
        .catch(failed);
    } else if (ev.comment) {
      const id = ev.comment.id;
      loadMessage(id)
        .then((m) => setMessages((list) => merged(list, [m])))
        .catch(() => setMessages((list) => list.filter((m) => m.id !== id)));
    }
  });
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const send = async (text: string, files: Link[]) => {
    try {
      const m = await sendMessage(chat.id, text, files);
      follow.current = true;
      setMessages((list) => merged(list, [m]));
      return true;
    } catch (err) {
      failed(err);
      return false;
    }
  };
  const sendAsMail = async (text: string, to: string[], subject: string, files: Link[]) => {
    try {
      const sent = await sendMail({
        entity: { contentType: 'Topic', id: chat.id }, text, to: to.length ? to : undefined, subject: subject || undefined,
        attaches: files.length ? files : undefined,
      });
      follow.current = true;
      if (sent.convertedTo) {
        const m = await loadMessage(String(sent.convertedTo.id));
        setMessages((list) => merged(list, [m]));
      }
      reloadMail();
      // The send job takes it within seconds; its status is read again then.
      setTimeout(reloadMail, 6000);
      return true;
    } catch (err) {
      failed(err);
      return false;
    }
  };
  const edit = async (m: Message, text: string) => {
    try {
      const saved = await editMessage(m.id, text);
      setMessages((list) => merged(list, [saved]));
      return true;
    } catch (err) {
      failed(err);
      return false;
    }
  };
  const drop = (m: Message) =>
    deleteMessage(m.id).then(() => setMessages((list) => list.filter((x) => x.id !== m.id)), failed);

  const people = (chat.participants ?? []).filter((p) => !(p.contentType === me.contentType && String(p.id) === me.id));
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }} data-testid="chat-view">
      <Box ref={scroller} onScroll={onScroll} style={{ flex: 1, overflow: 'auto', minHeight: 0 }} data-testid="message-list">
        {loading ? (
          <Center p="xl">
            <Loader size="sm" />
          </Center>
        ) : messages.length === 0 ? (
          <Center p="xl">
            <Text c="dimmed">{t('discuss.chat.empty')}</Text>
          </Center>
        ) : (
          <div style={{ height: virt.getTotalSize(), position: 'relative' }}>
            {virt.getVirtualItems().map((row) => {
              const m = messages[row.index];
              const mine = m.owner?.contentType === me.contentType && String(m.owner?.id) === me.id;
              return (
                <div key={row.key} data-index={row.index} ref={virt.measureElement}
                  style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}>
                  <MessageItem message={m} mine={mine} mail={mail.get(m.id)} onEdit={edit} onDelete={(x) => void drop(x)} />
                </div>
              );
            })}
          </div>
        )}
      </Box>
      {typing && <Typing who={typing} />}
      <Composer people={people} onSend={send} onSendMail={canMail ? sendAsMail : undefined}
        onTyping={() => void sendTyping(chat.id).catch(() => undefined)} />
    </Box>
  );
}
