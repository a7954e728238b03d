import { useEffect } from 'react';
import { LoadingScreen } from '../pages/LoadingScreen';

/** /logout reached inside the app: a full page load of the server's /logout, which ends the session. */
export function LogoutPage() {
  useEffect(() => {
    window.location.replace('/logout');
  }, []);
  return <LoadingScreen />;
}
