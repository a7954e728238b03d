// Writing a new letter from the mail view: from which of the reader's
// accounts, to whom, the subject, the text, and the client, deal or
// discussion it is filed to, and files (the server keeps every letter on one: its
// text becomes a comment there and replies thread back to it). It goes
// out through the same path as a letter from a client card.
import { useRef, useState } from 'react';
import { ActionIcon, Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { FieldInfo } from '../../data/catalog';
import { LinkEditor } from '../../fields/link';
import { AttachmentList, busy, PendingUploads, useUploads } from '../files';
import { fieldErrors } from './MailAccountForm';
import { sendMail, type MailAccount, type MailMessage } from './mailApi';
import { composeBody, composeReady, emptyCompose, MAIL_SUBJECTS, type ComposeDraft } from './mailView';

export function MailCompose({ opened, accounts, onClose, onSent }: {
  opened: boolean;
  accounts: MailAccount[];
  onClose: () => void;
  onSent: (m: MailMessage) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ComposeDraft>(emptyCompose);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const set = (patch: Partial<ComposeDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const picker = useRef<HTMLInputElement>(null);
  const { uploads, pick, dismiss } = useUploads((file) => setDraft((d) => ({ ...d, attaches: [...d.attaches, file] })));
  const uploading = busy(uploads);
  const entityField: FieldInfo = {
    name: 'entity', kind: 'link', label: t('discuss.mail.view.entity'), sortable: false, readOnly: false, required: true, writeOnly: false,
    targets: MAIL_SUBJECTS,
  };
  const fallback = accounts.find((a) => a.isDefault) ?? accounts[0];
  const send = async () => {
    if (!draft.entity) return;
    setSending(true);
    try {
      // The account shown is the one sent from, chosen or not.
      const sent = await sendMail(composeBody({ ...draft, from: draft.from ?? fallback?.id ?? null, entity: draft.entity }));
      setDraft(emptyCompose);
      setErrors({});
      onSent(sent);
    } catch (err) {
      setErrors(fieldErrors(err));
      notifications.show({ color: 'red', title: t('discuss.mail.sendFailed'), message: errorText(err, t) });
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('discuss.mail.view.composeTitle')} size="lg">
      <Stack gap="sm" data-testid="mail-compose">
        <Select label={t('discuss.mail.view.from')} data={accounts.map((a) => ({ value: a.id, label: a.email }))}
          value={draft.from ?? fallback?.id ?? null} onChange={(v) => set({ from: v })} allowDeselect={false} error={errors.from}
          data-testid="mail-compose-from" />
        <div data-testid="mail-compose-entity">
          <LinkEditor field={entityField} value={draft.entity} onChange={(v) => set({ entity: v ?? null })} error={errors.entity} />
        </div>
        <TextInput label={t('discuss.mail.composer.to')} placeholder={t('discuss.mail.view.toPlaceholder')} value={draft.to}
          onChange={(e) => set({ to: e.currentTarget.value })} error={errors.to} data-testid="mail-compose-to" />
        <TextInput label={t('discuss.mail.composer.subject')} placeholder={t('discuss.mail.composer.subjectPlaceholder')} value={draft.subject}
          onChange={(e) => set({ subject: e.currentTarget.value })} error={errors.subject} data-testid="mail-compose-subject" />
        <Textarea label={t('discuss.mail.composer.text')} autosize minRows={5} value={draft.text}
          onChange={(e) => set({ text: e.currentTarget.value })} error={errors.text} data-testid="mail-compose-text" />
        <AttachmentList files={draft.attaches} onRemove={(f) => set({ attaches: draft.attaches.filter((x) => x.id !== f.id) })} />
        <PendingUploads uploads={uploads} onDismiss={dismiss} />
        <Group justify="space-between">
          <Group gap={4}>
            <input ref={picker} type="file" multiple hidden data-testid="mail-compose-file-input"
              onChange={(e) => {
                pick(e.currentTarget.files);
                e.currentTarget.value = '';
              }} />
            <ActionIcon variant="subtle" aria-label={t('comments.files.attach')} title={t('comments.files.attach')} onClick={() => picker.current?.click()}
              data-testid="mail-compose-attach">
              <IconPaperclip size={18} />
            </ActionIcon>
            {uploading && <Text size="xs" c="dimmed">{t('comments.files.wait')}</Text>}
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('discuss.mail.form.cancel')}
            </Button>
            <Button onClick={() => void send()} loading={sending} disabled={uploading || !composeReady(draft)} data-testid="mail-compose-send">
              {t('discuss.mail.composer.send')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
