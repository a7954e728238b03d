// The account's invitation link (administrators; docs/people.md,
// "Invitation by link"): anyone who opens it registers as an employee.
// The administrator copies it, switches it off or on, and gives it a new
// address (the old one stops working at once).
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, CopyButton, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api';
import { errorText } from '../../app/errors/errorText';

interface Link {
  id: string;
  enabled: boolean;
  url: string;
  employeesCount?: number;
}

/** absolute makes the link's path an address to hand out. */
const absolute = (url: string, origin: string) => (/^https?:\/\//.test(url) ? url : origin + url);

export function InviteLink() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState<Link | null>(null);
  const [error, setError] = useState('');
  const call = useCallback(async (body?: Record<string, unknown>) => {
    setError('');
    try {
      const r = body ? await api.post<Link>('employee/inviteLink', body) : await api.get<Link>('employee/inviteLink', undefined, { batch: false });
      setLink(r.data);
    } catch (err) {
      setError(errorText(err, t));
    }
  }, [t]);
  useEffect(() => {
    if (open) void call();
  }, [open, call]);
  const url = link ? absolute(link.url, window.location.origin) : '';
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)} data-testid="staff-invite-link-open">{t('staff.inviteLink.open')}</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('staff.inviteLink.title')} size="lg">
        <Stack>
          <Text size="sm" c="dimmed">{t('staff.inviteLink.about')}</Text>
          {error && <Alert color="red">{error}</Alert>}
          {link && (
            <>
              <Group gap="xs" wrap="nowrap">
                <TextInput readOnly value={url} style={{ flex: 1 }} data-testid="staff-invite-link-url" disabled={!link.enabled} />
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <Button size="sm" variant="default" onClick={copy} disabled={!link.enabled}>
                      {copied ? t('staff.inviteLink.copied') : t('staff.inviteLink.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Group justify="space-between">
                <Switch checked={link.enabled} label={t('staff.inviteLink.enabled')} data-testid="staff-invite-link-enabled"
                  onChange={(e) => void call({ enabled: e.currentTarget.checked })} />
                <Badge variant="light">{t('staff.inviteLink.registered', { count: link.employeesCount ?? 0 })}</Badge>
              </Group>
              <Group>
                <Button size="xs" variant="light" color="orange" onClick={() => void call({ refreshUuid: true })} data-testid="staff-invite-link-refresh">
                  {t('staff.inviteLink.refresh')}
                </Button>
                <Text size="xs" c="dimmed">{t('staff.inviteLink.refreshHint')}</Text>
              </Group>
            </>
          )}
        </Stack>
      </Modal>
    </>
  );
}
