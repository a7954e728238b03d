// The sign-in page: e-mail or login and password, then back to where the
// visitor was going (a local address only) with a fresh page load, so no
// data of a previous user stays in memory.
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeBackUrl } from '../backUrl';
import { signIn, signInError } from './signIn';
import { StandaloneLayout } from './StandaloneLayout';

export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `${t('login.title')} — ${t('app.name')}`;
  }, [t]);

  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      await signIn(username.trim(), password);
      window.location.replace(safeBackUrl(params.get('backUrl')));
    } catch (err) {
      setError(signInError(err, t));
      setBusy(false);
    }
  };

  return (
    <StandaloneLayout title={t('login.title')}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Stack>
          <TextInput label={t('login.username')} value={username} onChange={(e) => setUsername(e.currentTarget.value)} autoComplete="username" required autoFocus data-testid="login-username" />
          <PasswordInput label={t('login.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" required data-testid="login-password" />
          {error && <Alert color="red" data-testid="login-error" style={{ whiteSpace: 'pre-line' }}>{error}</Alert>}
          <Button type="submit" loading={busy} data-testid="login-submit">{t('login.submit')}</Button>
        </Stack>
      </form>
    </StandaloneLayout>
  );
}
