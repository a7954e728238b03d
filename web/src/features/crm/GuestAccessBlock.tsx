// A contact person's guest access on the card (docs/crm.md, Guest
// access): switched on with a login e-mail and a password, its e-mail
// changed, switched off. The server's word on a field shows under it.
import { useState } from 'react';
import { Badge, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { errorFor, groupErrors } from '../../data/errors';
import { saveEntity } from '../../data/hooks';
import { HttpError } from '../../data/transport';
import type { Entity } from '../../data/types';

export function GuestAccessBlock({ person, editable }: { person: Entity; editable: boolean }) {
  const { t } = useTranslation();
  const on = person.isGuestAccessEnabled === true;
  const current = typeof person.loginEmail === 'string' ? person.loginEmail : '';
  const [email, setEmail] = useState(current);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saving, setSaving] = useState(false);

  const save = async (changes: Record<string, unknown>) => {
    setSaving(true);
    try {
      await saveEntity(person.contentType, String(person.id), changes);
      setPassword('');
      setErrors({});
    } catch (err) {
      const g = groupErrors(err instanceof HttpError ? err.errors : []);
      const own = { loginEmail: errorFor(g, 'loginEmail'), password: errorFor(g, 'password') };
      setErrors({ ...own, other: own.loginEmail || own.password ? undefined : errorText(err, t) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="client-guest">
      <Group gap="xs">
        <Title order={5}>{t('crm.guest.title')}</Title>
        <Badge variant="light" color={on ? 'green' : 'gray'} data-testid="guest-state">
          {on ? t('crm.guest.on') : t('crm.guest.off')}
        </Badge>
      </Group>
      {editable && (
        <Group gap="xs" align="flex-start">
          <TextInput aria-label={t('crm.guest.email')} placeholder={t('crm.guest.email')} value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.loginEmail} data-testid="guest-email" />
          {!on && (
            <PasswordInput aria-label={t('crm.guest.password')} placeholder={t('crm.guest.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} w={200} data-testid="guest-password" />
          )}
          {on ? (
            <>
              <Button variant="light" loading={saving} disabled={email.trim() === current} onClick={() => void save({ loginEmail: email.trim() })} data-testid="guest-change-email">
                {t('crm.guest.changeEmail')}
              </Button>
              <Button variant="default" color="red" loading={saving} onClick={() => void save({ isGuestAccessEnabled: false })} data-testid="guest-off">
                {t('crm.guest.switchOff')}
              </Button>
            </>
          ) : (
            <Button
              variant="light"
              loading={saving}
              onClick={() => void save({ isGuestAccessEnabled: true, loginEmail: email.trim(), ...(password ? { password } : {}) })}
              data-testid="guest-on"
            >
              {t('crm.guest.switchOn')}
            </Button>
          )}
        </Group>
      )}
      {errors.other && (
        <Text size="sm" c="red">
          {errors.other}
        </Text>
      )}
    </Stack>
  );
}
