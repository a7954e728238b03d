// "/": the default address (spec 000 §2 Landing), from the browser's
// memory when fresh, else from the server, else the fallback.
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { api } from '../../data/api';
import { cachedLanding, fallbackLanding, landingFromServer, landingKey, rememberLanding } from '../landing';
import { useSession } from '../session';
import { LoadingScreen } from './LoadingScreen';

export function LandingPage() {
  const session = useSession();
  const key = landingKey(session.currentUser.id);
  const [target, setTarget] = useState(() => cachedLanding(localStorage, key, Date.now()));

  useEffect(() => {
    if (target) return;
    let live = true;
    api
      .get<unknown>('menu/defaultUrl')
      .then((res) => landingFromServer(res.data))
      .catch(() => undefined)
      .then((url) => {
        // The user may have gone elsewhere meanwhile; a router transition
        // can keep this page mounted while the next one loads.
        if (!live || window.location.pathname !== '/') return;
        if (url) rememberLanding(localStorage, key, url, Date.now());
        setTarget(url ?? fallbackLanding(session.isFeatureOn));
      });
    return () => {
      live = false;
    };
  }, [target, key, session.isFeatureOn]);

  return target ? <Navigate to={target} replace /> : <LoadingScreen inline />;
}
