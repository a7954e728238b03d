// Writing a comment: text, an optional worked time, the comment it answers.
// Ctrl+Enter sends. Text only: the server takes no file uploads yet.
import { useState } from 'react';
import { ActionIcon, Button, CloseButton, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconClockHour4, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldInfo } from '../../data/catalog';
import { useLinked } from '../../data/hooks';
import type { Link } from '../../data/types';
import { DateIntervalEditor, type DateIntervalValue } from '../../fields/dateInterval';
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
  const send = () => {
    // Spec 001 §5: text-only wording, as a comment cannot carry files here.
    if (!hasContent(value)) {
      setError(t('comments.composer.empty'));
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
      {timeOpen && (
        <DateIntervalEditor
          field={workField}
          value={value.workTime === null ? null : { contentType: 'DateInterval', value: value.workTime }}
          onChange={(v: DateIntervalValue | null) => onChange({ workTime: v ? v.value : null })}
        />
      )}
      <Group justify="space-between">
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
