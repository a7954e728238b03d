// Writing a comment: text, files, an optional worked time, the comment it
// answers. Ctrl+Enter sends. A picked file uploads at once (so sending is
// quick) and the send waits until every upload has finished.
import { useRef, useState } from 'react';
import { ActionIcon, Button, CloseButton, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconClockHour4, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldInfo } from '../../data/catalog';
import { useLinked } from '../../data/hooks';
import type { Link } from '../../data/types';
import { DateIntervalEditor, type DateIntervalValue } from '../../fields/dateInterval';
import { AttachmentList, busy, PendingUploads, useUploads } from '../files';
import { hasContent, type CommentDraft } from './draft';

interface Props {
  value: CommentDraft;
  onChange(patch: Partial<CommentDraft>): void;
  onSend(d: CommentDraft): void;
  sending: boolean;
}

function ReplyQuote({ link, onCancel }: { link: Link; onCancel(): void }) {
  const { t } = useTranslation();
  const original = useLinked(link);
  const text = typeof original?.content === 'string' ? original.content : '';
  return (
    <Paper withBorder px="sm" py={4} data-testid="comment-reply-to">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" lineClamp={1}>
          {t('comments.replyingTo', { text })}
        </Text>
        <CloseButton size="sm" aria-label={t('comments.cancelReply')} onClick={onCancel} />
      </Group>
    </Paper>
  );
}

export function Composer({ value, onChange, onSend, sending }: Props) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const [timeAsked, setTimeAsked] = useState(false);
  // A restored draft with worked time shows it; a sent comment closes it.
  const timeOpen = timeAsked || value.workTime !== null;
  const workField: FieldInfo = {
    name: 'workTime', kind: 'DateInterval', label: t('comments.composer.workTime'),
    sortable: false, readOnly: false, required: false, writeOnly: false,
  };
  const picker = useRef<HTMLInputElement>(null);
  // An upload ends after renders that changed the draft: add its file to
  // the draft as it is then, not as it was when the file was picked.
  const latest = useRef(value);
  latest.current = value;
  const { uploads, pick, dismiss } = useUploads((link) => {
    const attaches = [...latest.current.attaches, link];
    latest.current = { ...latest.current, attaches };
    onChange({ attaches });
  });
  const send = () => {
    if (busy(uploads)) {
      setError(t('comments.files.wait'));
      return;
    }
    // Spec 001 §5: a comment needs a message or a file.
    if (!hasContent(value)) {
      setError(t('comments.files.empty'));
      return;
    }
    setError(undefined);
    setTimeAsked(false);
    onSend(value);
  };
  return (
    <Stack gap={6}>
      {value.replyTo && <ReplyQuote link={value.replyTo} onCancel={() => onChange({ replyTo: null })} />}
      <Textarea
        data-testid="comment-input"
        aria-label={t('comments.composer.placeholder')}
        placeholder={t('comments.composer.placeholder')}
        autosize
        minRows={2}
        maxRows={10}
        value={value.text}
        error={error}
        onChange={(e) => {
          if (error) setError(undefined);
          onChange({ text: e.currentTarget.value });
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            send();
          }
        }}
      />
      <AttachmentList
        files={value.attaches}
        onRemove={(f) => onChange({ attaches: value.attaches.filter((a) => a.id !== f.id || a.contentType !== f.contentType) })}
      />
      <PendingUploads uploads={uploads} onDismiss={dismiss} />
      {timeOpen && (
        <DateIntervalEditor
          field={workField}
          value={value.workTime === null ? null : { contentType: 'DateInterval', value: value.workTime }}
          onChange={(v: DateIntervalValue | null) => onChange({ workTime: v ? v.value : null })}
        />
      )}
      <Group justify="space-between">
        <Group gap={4}>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            data-testid="comment-file-input"
            onChange={(e) => {
              if (error) setError(undefined);
              pick(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
          <ActionIcon
            variant="subtle"
            aria-label={t('comments.files.attach')}
            title={t('comments.files.attach')}
            data-testid="comment-attach"
            onClick={() => picker.current?.click()}
          >
            <IconPaperclip size={18} />
          </ActionIcon>
          <ActionIcon
            variant={timeOpen ? 'light' : 'subtle'}
            aria-label={t('comments.composer.addWorkTime')}
            title={t('comments.composer.addWorkTime')}
            data-testid="comment-worktime-toggle"
            onClick={() => {
              if (timeOpen) onChange({ workTime: null });
              setTimeAsked(!timeOpen);
            }}
          >
            <IconClockHour4 size={18} />
          </ActionIcon>
        </Group>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('comments.composer.hint')}
          </Text>
          <Button size="xs" leftSection={<IconSend size={14} />} loading={sending} onClick={send} data-testid="comment-send">
            {t('comments.composer.send')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
