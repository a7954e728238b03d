// Adding or changing a mail account: the address, the IMAP and SMTP
// servers (the password is never shown; left empty it stays as it was),
// where new mail goes (a discussion or a deal of a program), the footer.
// The server's 422 errors are shown on the fields they name.
import { useEffect, useState } from 'react';
import { Button, Checkbox, Group, Modal, NumberInput, PasswordInput, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { api } from '../../data/api';
import { HttpError } from '../../data/transport';
import { saveAccount, type AccountInput, type MailAccount, type ServerConfig } from './mailApi';

type Side = 'imapConfig' | 'smtpConfig';

const blank = (ssl: boolean): Partial<ServerConfig> => ({ host: '', port: 0, ssl, login: '', password: '' });

/** fieldErrors maps a 422's errors by field ("imapConfig.host"); others under "". */
export function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (err instanceof HttpError) for (const e of err.errors) out[e.field ?? ''] = e.message;
  return out;
}

function ServerFields({ side, value, errors, onChange }: {
  side: Side;
  value: Partial<ServerConfig>;
  errors: Record<string, string>;
  onChange: (v: Partial<ServerConfig>) => void;
}) {
  const { t } = useTranslation();
  const e = (f: string) => errors[`${side}.${f}`];
  return (
    <Stack gap={6}>
      <Title order={6}>{t(side === 'imapConfig' ? 'discuss.mail.form.imap' : 'discuss.mail.form.smtp')}</Title>
      <Group grow align="start">
        <TextInput label={t('discuss.mail.form.host')} value={value.host ?? ''} error={e('host')} data-testid={`${side}-host`}
          onChange={(ev) => onChange({ ...value, host: ev.currentTarget.value })} />
        <NumberInput label={t('discuss.mail.form.port')} value={value.port || ''} error={e('port')} min={0} max={65535} data-testid={`${side}-port`}
          placeholder={t('discuss.mail.form.portAuto')} onChange={(v) => onChange({ ...value, port: Number(v) || 0 })} />
      </Group>
      <Checkbox label={t('discuss.mail.form.ssl')} checked={value.ssl ?? true} onChange={(ev) => onChange({ ...value, ssl: ev.currentTarget.checked })} />
      <Group grow align="start">
        <TextInput label={t('discuss.mail.form.login')} value={value.login ?? ''} error={e('login')} data-testid={`${side}-login`}
          onChange={(ev) => onChange({ ...value, login: ev.currentTarget.value })} />
        <PasswordInput label={t('discuss.mail.form.password')} value={value.password ?? ''} error={e('password')} data-testid={`${side}-password`}
          autoComplete="new-password" onChange={(ev) => onChange({ ...value, password: ev.currentTarget.value })} />
      </Group>
      {errors[side] && <Text c="red" size="sm">{errors[side]}</Text>}
    </Stack>
  );
}

export function MailAccountForm({ account, opened, onClose, onSaved }: {
  account: MailAccount | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (a: MailAccount) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AccountInput>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [programs, setPrograms] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setForm(
      account
        ? { ...account, imapConfig: { ...account.imapConfig, password: '' }, smtpConfig: { ...account.smtpConfig, password: '' } }
        : { email: '', footer: '', incomingEmailMode: 'email', isDefault: false, isShared: false, imapConfig: blank(true), smtpConfig: blank(true) },
    );
  }, [opened, account]);
  const dealMode = form.incomingEmailMode === 'deal';
  useEffect(() => {
    if (!dealMode || programs.length) return;
    api
      .get<{ id: string; name?: string }[]>('program', { limit: 100 }, { batch: false })
      .then((r) => setPrograms((r.data ?? []).map((p) => ({ value: String(p.id), label: p.name ?? String(p.id) }))))
      .catch(() => undefined);
  }, [dealMode, programs.length]);

  const save = async () => {
    setSaving(true);
    try {
      onSaved(await saveAccount(account?.id ?? null, form));
    } catch (err) {
      const byField = fieldErrors(err);
      setErrors(Object.keys(byField).length ? byField : { '': errorText(err, t) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={t(account ? 'discuss.mail.form.editTitle' : 'discuss.mail.form.addTitle')}>
      <Stack gap="sm" data-testid="mail-account-form">
        <TextInput label={t('discuss.mail.form.email')} value={form.email ?? ''} error={errors.email} data-testid="mail-email"
          onChange={(e) => setForm({ ...form, email: e.currentTarget.value })} />
        <ServerFields side="imapConfig" value={form.imapConfig ?? {}} errors={errors} onChange={(v) => setForm({ ...form, imapConfig: v })} />
        <ServerFields side="smtpConfig" value={form.smtpConfig ?? {}} errors={errors} onChange={(v) => setForm({ ...form, smtpConfig: v })} />
        <Text size="xs" c="dimmed">{t('discuss.mail.form.smtpSame')}</Text>
        <Select
          label={t('discuss.mail.form.mode')}
          value={form.incomingEmailMode ?? 'email'}
          error={errors.incomingEmailMode}
          allowDeselect={false}
          data={[
            { value: 'email', label: t('discuss.mail.mode.email') },
            { value: 'deal', label: t('discuss.mail.mode.deal') },
          ]}
          onChange={(v) => setForm({ ...form, incomingEmailMode: v === 'deal' ? 'deal' : 'email' })}
        />
        {dealMode && (
          <Select label={t('discuss.mail.form.program')} data={programs} value={form.program ? String(form.program.id) : null} error={errors.program}
            onChange={(v) => setForm({ ...form, program: v ? { contentType: 'Program', id: v } : null })} />
        )}
        <Textarea label={t('discuss.mail.form.footer')} value={form.footer ?? ''} autosize minRows={2}
          onChange={(e) => setForm({ ...form, footer: e.currentTarget.value })} />
        <Group>
          <Checkbox label={t('discuss.mail.form.default')} checked={form.isDefault ?? false} onChange={(e) => setForm({ ...form, isDefault: e.currentTarget.checked })} />
          <Checkbox label={t('discuss.mail.form.shared')} checked={form.isShared ?? false} error={errors.isShared}
            onChange={(e) => setForm({ ...form, isShared: e.currentTarget.checked })} />
        </Group>
        {errors[''] && <Text c="red" size="sm">{errors['']}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('discuss.mail.form.cancel')}</Button>
          <Button onClick={() => void save()} loading={saving} data-testid="mail-save">{t('discuss.mail.form.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
