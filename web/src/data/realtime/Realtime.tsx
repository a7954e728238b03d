// <Realtime />: what the shell mounts inside the signed-in part of the app.
// It starts the client for as long as it is mounted and tells it the
// address shown, which is how open cards and lists get their routes. The
// client is its own chunk, fetched once someone is signed in: the sign-in
// page and the first paint do not wait for it.
import { useEffect } from 'react';
import { useInRouterContext, useLocation } from 'react-router';

type Client = typeof import('./page');
let client: Client | undefined;

function FollowLocation() {
  const { pathname, search } = useLocation();
  useEffect(() => client?.setRealtimeLocation(pathname, search), [pathname, search]);
  return null;
}

export function Realtime() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    import('./page').then(
      (m) => {
        client = m;
        // The client reads the address shown when it starts.
        if (live) stop = m.startRealtime();
      },
      (err: unknown) => console.warn('artel realtime: the client did not load', err),
    );
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return useInRouterContext() ? <FollowLocation /> : null;
}
