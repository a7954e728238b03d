// Registration by invite link (/inviteForm/{hash}): the new employee gives
// a name, an e-mail (their login) and a password, then is signed in. A
// personal link from an invitation e-mail already knows the e-mail (fixed)
// and usually the name; the form asks the server what the link opens.
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../data/api';
import { HttpError } from '../../data/transport';
import { errorText } from '../errors/errorText';
import { signIn } from './signIn';
import { StandaloneLayout } from './StandaloneLayout';

type Field = 'firstName' | 'lastName' | 'email' | 'password';
const fields: Field[] = ['firstName', 'lastName', 'email', 'password'];

export function InviteFormPage() {
  const { t } = useTranslation();
  const { hash = '' } = useParams();
  const [values, setValues] = useState<Record<Field, string>>({ firstName: '', lastName: '', email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [personal, setPersonal] = useState(false);

  useEffect(() => {
    api.get<{ personal: boolean; email?: string; firstName?: string; lastName?: string }>('inviteLinkRegistration', { uuid: hash }).then(({ data: c }) => {
      if (!c.personal) return;
      setPersonal(true);
      setValues((v) => ({ ...v, email: c.email ?? '', firstName: c.firstName || v.firstName, lastName: c.lastName || v.lastName }));
    }, (err) => setError(errorText(err, t)));
  }, [hash, t]);

  const labels: Record<Field, string> = {
    firstName: t('login.invite.firstName'),
    lastName: t('login.invite.lastName'),
    email: t('login.invite.email'),
    password: t('login.password'),
  };

  const submit = async () => {
    setBusy(true);
    setError('');
    setFieldErrors({});
    try {
      await api.post('inviteLinkRegistration', { uuid: hash, ...values });
      await signIn(values.email.trim(), values.password);
      window.location.replace('/');
    } catch (err) {
      const own: Partial<Record<Field, string>> = {};
      const rest: string[] = [];
      for (const e of err instanceof HttpError ? err.errors : []) {
        if (fields.includes(e.field as Field)) own[e.field as Field] = e.message;
        else rest.push(e.message);
      }
      setFieldErrors(own);
      setError(rest.length ? rest.join('\n') : Object.keys(own).length ? '' : errorText(err, t));
      setBusy(false);
    }
  };

  const set = (f: Field) => (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [f]: e.currentTarget.value });
  return (
    <StandaloneLayout title={t('login.invite.title')}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Stack>
          <TextInput label={labels.firstName} value={values.firstName} onChange={set('firstName')} error={fieldErrors.firstName} required autoComplete="given-name" data-testid="invite-firstName" />
          <TextInput label={labels.lastName} value={values.lastName} onChange={set('lastName')} error={fieldErrors.lastName} required autoComplete="family-name" data-testid="invite-lastName" />
          <TextInput label={labels.email} type="email" value={values.email} onChange={set('email')} error={fieldErrors.email} required disabled={personal} autoComplete="email" data-testid="invite-email" />
          <PasswordInput label={labels.password} description={t('login.invite.passwordHint')} value={values.password} onChange={set('password')} error={fieldErrors.password} required autoComplete="new-password" data-testid="invite-password" />
          {error && <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{error}</Alert>}
          <Button type="submit" loading={busy} data-testid="invite-submit">{t('login.invite.submit')}</Button>
        </Stack>
      </form>
    </StandaloneLayout>
  );
}
