// The comments of any subject (task, project, deal, client, ...): the
// server sends the newest first and pages back, the feed shows the oldest
// at the top, opens on the latest and loads older ones when scrolled to the
// top. Unread comments are marked and reported read once the feed is seen.
// Above them, who follows the subject's comments.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentVisibility, useInViewport } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useEntity, useList } from '../../data/hooks';
import type { Entity, Link } from '../../data/types';
import { commentsEndpoint, markAsRead } from './api';
import { Composer } from './Composer';
import { CommentItem } from './CommentItem';
import { SubscribersBar } from './SubscribersBar';
import { SUBSCRIPTION_FIELDS, refreshSubscription } from './subscriptions';
import type { CommentDraft } from './draft';
import { useCommentDraft } from './useCommentDraft';

const PAGE = 20;
// How close to the top (px) scrolling asks for older comments.
const OLDER_AT = 80;
// How long the feed must be in view before its comments count as read.
const READ_AFTER_MS = 1000;

const keyOf = (e: Entity | undefined) => (e ? `${e.contentType}:${e.id}` : '');

/** useMarkRead reports the subject read once its unread comments have been on screen a moment. */
function useMarkRead(subject: Link, unread: number, inView: boolean) {
  const visible = useDocumentVisibility() === 'visible';
  const marked = useRef(0);
  const { contentType, id } = subject;
  useEffect(() => {
    if (unread === 0 || !inView || !visible || marked.current >= unread) return;
    const timer = setTimeout(() => {
      marked.current = unread;
      markAsRead({ contentType, id }).catch((err: unknown) => console.warn('artel: comments not marked read', err));
    }, READ_AFTER_MS);
    return () => clearTimeout(timer);
  }, [contentType, id, unread, inView, visible]);
}

export interface CommentFeedProps {
  subject: Link;
  title?: string;
}

/** CommentFeed: the comments of one subject; another subject is another feed, with its own draft. */
export function CommentFeed(props: CommentFeedProps) {
  return <Feed key={`${props.subject.contentType}:${props.subject.id}`} {...props} />;
}

function Feed({ subject, title }: CommentFeedProps) {
  const { t } = useTranslation();
  const list = useList({ contentType: 'Comment', endpoint: commentsEndpoint(subject), limit: PAGE });
  const shown = useMemo(() => [...list.items].reverse(), [list.items]);
  const { entity: subjectEntity } = useEntity(subject.contentType, subject.id, { fields: SUBSCRIPTION_FIELDS });
  const draft = useCommentDraft(subject);
  const [sending, setSending] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const { ref: viewRef, inViewport } = useInViewport();
  const unread = shown.filter((c) => c.isUnread === true).length;
  useMarkRead(subject, unread, inViewport);

  // Older comments arriving above keep the view still; a new one at the
  // bottom (or the first page) brings the view down to it.
  const edges = useRef({ oldest: '', newest: '', height: 0 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = edges.current;
    const oldest = keyOf(shown[0]);
    const newest = keyOf(shown[shown.length - 1]);
    if (newest !== before.newest) el.scrollTop = el.scrollHeight;
    else if (oldest !== before.oldest) el.scrollTop += el.scrollHeight - before.height;
    edges.current = { oldest, newest, height: el.scrollHeight };
  }, [shown]);

  const onScroll = () => {
    const el = scroller.current;
    if (el && el.scrollTop < OLDER_AT && list.hasMoreNext && list.nextState !== 'pending') list.loadNext();
  };

  const send = async (d: CommentDraft) => {
    setSending(true);
    draft.reset();
    const body: Record<string, unknown> = { content: d.text, subject: { contentType: subject.contentType, id: subject.id } };
    if (d.replyTo) body.originalComment = d.replyTo;
    if (d.attaches.length > 0) body.attaches = d.attaches;
    if (d.workTime) body.workTime = { contentType: 'DateInterval', value: d.workTime };
    try {
      await list.add(body);
      // Writing a comment subscribes its author.
      if (subjectEntity?.subscribed === false) void refreshSubscription(subject).catch(() => undefined);
    } catch (err) {
      draft.restore(d);
      notifications.show({ color: 'red', title: t('comments.sendFailed'), message: errorText(err, t) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="comment-feed" ref={viewRef}>
      <Title order={4}>{title ?? t('comments.title')}</Title>
      {subjectEntity && <SubscribersBar entity={subjectEntity} />}
      {list.state === 'error' && <Alert color="red">{errorText(list.error, t)}</Alert>}
      <Box ref={scroller} onScroll={onScroll} style={{ maxHeight: 520, overflowY: 'auto' }} data-testid="comment-list">
        <Stack gap="xs" pr={4}>
          {list.hasMoreNext && (
            <Center>
              <Button size="xs" variant="subtle" loading={list.nextState === 'pending'} onClick={list.loadNext} data-testid="comment-older">
                {t('comments.loadOlder')}
              </Button>
            </Center>
          )}
          {list.state === 'pending' && shown.length === 0 && (
            <Center py="sm">
              <Loader size="sm" />
            </Center>
          )}
          {list.state === 'completed' && shown.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('comments.empty')}
            </Text>
          )}
          {shown.map((c) => (
            <CommentItem key={keyOf(c)} comment={c} onReply={(link) => draft.change({ replyTo: link })} />
          ))}
        </Stack>
      </Box>
      <Composer value={draft.value} onChange={draft.change} onSend={send} sending={sending} />
    </Stack>
  );
}
