// Errors that take the user elsewhere (spec 000 §8), decided by the data
// layer's routeForError, and the notice for a server failure. The route
// error boundary, unhandled promise rejections and any screen or data
// module call handleError; it works outside React, so it is a plain
// function with the router's navigate installed once at start.
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { routeForError } from '../../data/errors';
import { HttpError, NetworkError, UnexpectedResponseError } from '../../data/transport';
import { errorText } from './errorText';

type Navigate = (to: string, opts?: { replace?: boolean }) => void;
let navigate: Navigate | undefined;

/** installErrorRouting gives the handler the router's navigate (the app does it at start). */
export function installErrorRouting(nav: Navigate): () => void {
  navigate = nav;
  const onRejection = (e: PromiseRejectionEvent) => {
    if (isRequestError(e.reason) && handleError(e.reason)) e.preventDefault();
  };
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('unhandledrejection', onRejection);
    navigate = undefined;
  };
}

function isRequestError(err: unknown): boolean {
  return err instanceof HttpError || err instanceof NetworkError || err instanceof UnexpectedResponseError;
}

function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** routeError goes where an error leads (sign-out, licence page, sign-in); true when it went. */
export function routeError(err: unknown): boolean {
  const to = routeForError(err, currentPath());
  if (!to) return false;
  // Signing out and the sign-in page are full page loads: the session's
  // data must not outlive it in memory.
  if (to === '/logout' || to.startsWith('/login') || !navigate) window.location.assign(to);
  else navigate(to, { replace: true });
  return true;
}

/**
 * handleError routes an error that needs it and notifies server failures.
 * It answers true when it took care of the error (the caller need not show it).
 */
export function handleError(err: unknown): boolean {
  if (routeError(err)) return true;
  if (isServerFailure(err)) {
    notifyFailure(err);
    return true;
  }
  return false;
}

/** Failures the user cannot fix: the server broke or was unreachable. */
export function isServerFailure(err: unknown): boolean {
  return (err instanceof HttpError && err.status >= 500) || err instanceof NetworkError || err instanceof UnexpectedResponseError;
}

export function notifyFailure(err: unknown) {
  const t = i18next.t.bind(i18next);
  notifications.show({
    // One notice for a burst of failures of the same kind.
    id: `failure-${err instanceof HttpError ? err.status : err instanceof NetworkError ? 'network' : 'other'}`,
    color: 'red',
    title: t('error.notification.title'),
    message: errorText(err, t),
  });
}
