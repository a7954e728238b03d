// One comment of a feed: author, time, text, the comment it answers, worked
// time, files, likes, and what the author may do (possibleActions): edit, delete,
// and restore in place what was deleted.
import { useState } from 'react';
import { ActionIcon, Avatar, Badge, Button, Group, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconHeart, IconHeartFilled, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { saveEntity, useLinked } from '../../data/hooks';
import { isTempId, type Entity, type Link } from '../../data/types';
import { isDateTime, formatDateTime } from '../../fields/dateTime/convert';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { isDateInterval } from '../../fields/dateInterval';
import { avatarColor } from '../../format/avatar';
import { displayName } from '../../format/displayName';
import { formatDuration } from '../../format/duration';
import { AttachmentList } from '../files';
import { dropComment, setLiked } from './api';

function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
}

function Author({ link }: { link: Link }) {
  const { t } = useTranslation();
  const person = useLinked(link);
  const name = displayName(person ?? link, t);
  return (
    <Group gap={6} wrap="nowrap">
      <Avatar size={26} radius="xl" color={avatarColor(link.id)} variant="filled">
        {initials(name)}
      </Avatar>
      <Text size="sm" fw={600}>
        <LinkName link={link} />
      </Text>
    </Group>
  );
}

function Original({ link }: { link: Link }) {
  const original = useLinked(link);
  const text = typeof original?.content === 'string' ? original.content : '';
  return (
    <Text size="xs" c="dimmed" lineClamp={2} pl="xs" style={{ borderLeft: '3px solid var(--mantine-color-default-border)' }} data-testid="comment-original">
      {text}
    </Text>
  );
}

export function CommentItem({ comment, onReply }: { comment: Entity; onReply(c: Link): void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const link = { contentType: 'Comment', id: String(comment.id) };
  const actions = Array.isArray(comment.possibleActions) ? (comment.possibleActions as string[]) : [];
  const saved = !isTempId(comment.id);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      return true;
    } catch (err) {
      notifications.show({ color: 'red', title: t('comments.failed'), message: errorText(err, t) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (comment.isDropped === true) {
    return (
      <Paper withBorder p="sm" data-testid="comment-item" data-id={link.id} data-dropped="true">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('comments.deleted')}
          </Text>
          {actions.includes('act_restore_comment') && (
            <Button size="xs" variant="subtle" loading={busy} onClick={() => run(() => saveEntity('Comment', link.id, { isDropped: false }))} data-testid="comment-restore">
              {t('comments.restore')}
            </Button>
          )}
        </Group>
      </Paper>
    );
  }

  const unread = comment.isUnread === true;
  const liked = comment.isLiked === true;
  const likes = typeof comment.likesCount === 'number' ? comment.likesCount : 0;
  const answers = typeof comment.answersCount === 'number' ? comment.answersCount : 0;
  const saveEdit = async (text: string) => {
    if (text.trim() === '') return;
    if (await run(() => saveEntity('Comment', link.id, { content: text }))) setEditing(null);
  };

  return (
    <Paper
      withBorder
      p="sm"
      data-testid="comment-item"
      data-id={link.id}
      data-unread={unread ? 'true' : undefined}
      style={unread ? { borderColor: 'var(--mantine-color-blue-4)' } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {isLink(comment.owner) && <Author link={comment.owner} />}
            <Text size="xs" c="dimmed">
              {isDateTime(comment.timeCreated) ? formatDateTime(comment.timeCreated) : ''}
            </Text>
            {unread && (
              <Badge size="xs" variant="light" data-testid="comment-unread">
                {t('comments.unread')}
              </Badge>
            )}
          </Group>
          {saved && (
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t('comments.like')}>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color={liked ? 'red' : 'gray'}
                  leftSection={liked ? <IconHeartFilled size={14} /> : <IconHeart size={14} />}
                  onClick={() => run(() => setLiked(link, !liked))}
                  aria-pressed={liked}
                  data-testid="comment-like"
                >
                  {likes > 0 ? likes : ''}
                </Button>
              </Tooltip>
              <Tooltip label={t('comments.reply')}>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('comments.reply')} onClick={() => onReply(link)} data-testid="comment-reply">
                  <IconArrowBackUp size={14} />
                </ActionIcon>
              </Tooltip>
              {actions.includes('act_edit_comment') && (
                <Tooltip label={t('comments.edit')}>
                  <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('comments.edit')} onClick={() => setEditing(String(comment.content ?? ''))} data-testid="comment-edit">
                    <IconPencil size={14} />
                  </ActionIcon>
                </Tooltip>
              )}
              {actions.includes('act_delete_comment') && (
                <Tooltip label={t('comments.delete')}>
                  <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('comments.delete')} loading={busy} onClick={() => run(() => dropComment(link))} data-testid="comment-delete">
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        </Group>
        {isLink(comment.originalComment) && <Original link={comment.originalComment} />}
        {editing !== null ? (
          <Stack gap={6}>
            <Textarea autosize minRows={2} value={editing} onChange={(e) => setEditing(e.currentTarget.value)} data-testid="comment-edit-input" aria-label={t('comments.edit')} />
            <Group gap="xs">
              <Button size="xs" loading={busy} onClick={() => saveEdit(editing)} data-testid="comment-edit-save">
                {t('comments.save')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                {t('comments.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="comment-content">
            {String(comment.content ?? '')}
          </Text>
        )}
        <AttachmentList files={Array.isArray(comment.attaches) ? comment.attaches.filter(isLink) : []} />
        {(isDateInterval(comment.workTime) || answers > 0) && (
          <Group gap="md">
            {isDateInterval(comment.workTime) && (
              <Text size="xs" c="dimmed" data-testid="comment-worktime">
                {t('comments.workTime', { time: formatDuration(comment.workTime.value, t) })}
              </Text>
            )}
            {answers > 0 && (
              <Text size="xs" c="dimmed">
                {t('comments.answers', { count: answers })}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
