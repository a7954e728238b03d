// Writing a new letter from the mail view: from which of the reader's
// accounts, to whom, the subject, the text, and the client, deal or
// discussion it is filed to (the server keeps every letter on one: its
// text becomes a comment there and replies thread back to it). It goes
// out through the same path as a letter from a client card.
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { FieldInfo } from '../../data/catalog';
import { LinkEditor } from '../../fields/link';
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('discuss.mail.form.cancel')}
          </Button>
          <Button onClick={() => void send()} loading={sending} disabled={!composeReady(draft)} data-testid="mail-compose-send">
            {t('discuss.mail.composer.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
