// The message box: Enter sends, Shift+Enter breaks the line; "@" offers
// the chat's people and writes the mention the server notifies; typing
// is told to the chat at most every few seconds. With a mail account,
// the message may go out as e-mail: to the addresses given, or, left
// empty, in reply to whoever wrote last. Files upload as soon as they are
// picked; sending waits for them and a message may be files alone.
import { useRef, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Switch, Text, TextInput, Textarea, UnstyledButton } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AttachmentList, busy, PendingUploads, useUploads } from '../files';
import { useLinkLabel } from '../../fields/link/LinkName';
import type { Link } from '../../data/types';
import { recipients } from './mailApi';
import { mentionQuery, mentionToken } from './mentions';

const TYPING_EVERY_MS = 3000;

function Suggestion({ who, query, onPick }: { who: Link; query: string; onPick: (who: Link, name: string) => void }) {
  const name = useLinkLabel(who);
  if (!name.toLowerCase().includes(query.toLowerCase())) return null;
  return (
    <UnstyledButton px="sm" py={4} onMouseDown={(e) => e.preventDefault()} onClick={() => onPick(who, name)} data-testid="mention-option">
      {name}
    </UnstyledButton>
  );
}

export interface ComposerProps {
  people: Link[];
  onSend: (text: string, files: Link[]) => Promise<boolean>;
  onTyping: () => void;
  /** sends the text as e-mail; absent when the reader has no mail account */
  onSendMail?: (text: string, to: string[], subject: string, files: Link[]) => Promise<boolean>;
}

export function Composer({ people, onSend, onTyping, onSendMail }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [asMail, setAsMail] = useState(false);
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [caret, setCaret] = useState(0);
  const [sending, setSending] = useState(false);
  const [files, setFiles] = useState<Link[]>([]);
  const [waitNote, setWaitNote] = useState(false);
  const { uploads, pick: upload, dismiss } = useUploads((file) => setFiles((list) => [...list, file]));
  const picker = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const box = useRef<HTMLTextAreaElement>(null);
  const mention = mentionQuery(text, caret);

  const change = (value: string, at: number) => {
    setText(value);
    setCaret(at);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      onTyping();
    }
  };
  const pick = (who: Link, name: string) => {
    if (!mention) return;
    const token = mentionToken(name, who) + ' ';
    const next = text.slice(0, mention.start) + token + text.slice(caret);
    const at = mention.start + token.length;
    setText(next);
    setCaret(at);
    requestAnimationFrame(() => box.current?.setSelectionRange(at, at));
    box.current?.focus();
  };
  const send = async () => {
    if ((!text.trim() && files.length === 0) || sending) return;
    if (busy(uploads)) {
      setWaitNote(true);
      return;
    }
    setWaitNote(false);
    setSending(true);
    const ok = asMail && onSendMail ? await onSendMail(text, recipients(to), subject.trim(), files) : await onSend(text, files);
    setSending(false);
    if (ok) {
      setText('');
      setCaret(0);
      setSubject('');
      setFiles([]);
      lastTyping.current = 0;
    }
  };

  return (
    <Stack gap={4} p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)', position: 'relative' }}>
      {mention && (
        <Paper withBorder shadow="sm" style={{ position: 'absolute', bottom: '100%', left: 12, zIndex: 5, maxHeight: 220, overflow: 'auto' }} data-testid="mention-list">
          <Stack gap={0}>
            {people.map((p) => (
              <Suggestion key={`${p.contentType}:${p.id}`} who={p} query={mention.query} onPick={pick} />
            ))}
          </Stack>
        </Paper>
      )}
      {onSendMail && (
        <Group gap="xs" wrap="nowrap">
          <Switch size="xs" label={t('discuss.mail.composer.asMail')} checked={asMail} onChange={(e) => setAsMail(e.currentTarget.checked)} data-testid="composer-as-mail" />
          {asMail && (
            <>
              <TextInput size="xs" style={{ flex: 1 }} placeholder={t('discuss.mail.composer.toPlaceholder')} aria-label={t('discuss.mail.composer.to')}
                value={to} onChange={(e) => setTo(e.currentTarget.value)} data-testid="composer-mail-to" />
              <TextInput size="xs" style={{ flex: 1 }} placeholder={t('discuss.mail.composer.subjectPlaceholder')} aria-label={t('discuss.mail.composer.subject')}
                value={subject} onChange={(e) => setSubject(e.currentTarget.value)} data-testid="composer-mail-subject" />
            </>
          )}
        </Group>
      )}
      <AttachmentList files={files} onRemove={(f) => setFiles((list) => list.filter((x) => x.id !== f.id))} />
      <PendingUploads uploads={uploads} onDismiss={dismiss} />
      {waitNote && busy(uploads) && (
        <Text size="xs" c="orange" data-testid="composer-wait">
          {t('comments.files.wait')}
        </Text>
      )}
      <Group align="flex-end" wrap="nowrap">
        <input ref={picker} type="file" multiple hidden data-testid="composer-file-input"
          onChange={(e) => {
            upload(e.currentTarget.files);
            e.currentTarget.value = '';
          }} />
        <ActionIcon variant="subtle" size="lg" aria-label={t('comments.files.attach')} title={t('comments.files.attach')}
          onClick={() => picker.current?.click()} data-testid="composer-attach">
          <IconPaperclip size={18} />
        </ActionIcon>
        <Textarea
          ref={box}
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={6}
          placeholder={t('discuss.composer.placeholder')}
          aria-label={t('discuss.composer.placeholder')}
          data-testid="composer"
          value={text}
          onChange={(e) => change(e.currentTarget.value, e.currentTarget.selectionStart)}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button onClick={() => void send()} loading={sending} data-testid="composer-send">
          {asMail && onSendMail ? t('discuss.mail.composer.send') : t('discuss.composer.send')}
        </Button>
      </Group>
    </Stack>
  );
}
