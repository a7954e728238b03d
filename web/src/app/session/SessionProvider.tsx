// Runs the startup sequence behind a loading screen. A visitor who is not
// signed in goes to the sign-in page with the current address to return to.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, onRequestError } from '../../data/api';
import { profileOnce } from '../../data/profile';
import { routeError } from '../errors/handler';
import { loginPath } from '../backUrl';
import { LoadingScreen } from '../pages/LoadingScreen';
import { StartupErrorPage } from '../pages/StartupErrorPage';
import { makeSession, SessionContext } from './SessionContext';
import { loadStartup, SignInRequired } from './startup';
import type { StartupData } from './types';

export function SessionProvider({ children }: { children: ReactNode }) {
  const [data, setData] = useState<StartupData>();
  const [error, setError] = useState<unknown>();
  const navigate = useNavigate();
  const location = useLocation();
  const [back] = useState(() => location.pathname + location.search);

  const load = useCallback(async () => {
    try {
      setData(await loadStartup());
      setError(undefined);
      profileOnce('app.startup');
    } catch (err) {
      if (err instanceof SignInRequired) navigate(loginPath(back), { replace: true });
      else setError(err);
    }
  }, [navigate, back]);

  useEffect(() => {
    void load();
  }, [load]);

  // Once signed in, screens show their own failures in place; an error
  // that leads elsewhere (session ended, licence over, IP refused) takes
  // the user there. Before that, startup handles its own 401.
  useEffect(() => (data ? onRequestError((err) => void routeError(err)) : undefined), [data]);

  const setSetting = useCallback(async (name: string, value: unknown) => {
    setData((d) => d && { ...d, settings: { ...d.settings, [name]: value } });
    await api.post(`userSetting`, { id: name, value });
  }, []);

  const session = useMemo(() => data && makeSession(data, load, setSetting), [data, load, setSetting]);

  if (!session) {
    return error ? <StartupErrorPage error={error} retry={() => { setError(undefined); void load(); }} /> : <LoadingScreen />;
  }
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
