// Leaving a screen with unsaved changes asks for confirmation (spec 000 §2):
// a route change is held by the router's blocker until the user answers,
// and closing or reloading the tab gets the browser's own question.
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { modals } from '@mantine/modals';
import i18next from 'i18next';

/**
 * useUnsavedChanges registers a screen's unsaved state. Navigations that
 * only change the query or hash of the same page are not held, so a
 * screen's own tabs and filters keep working while editing.
 */
export function useUnsavedChanges(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const t = i18next.t.bind(i18next);
    // The blocker in this closure stays "blocked", so the answer is
    // remembered here: closing after leaving must not undo the leave.
    let answered = false;
    modals.openConfirmModal({
      title: t('shell.unsaved.title'),
      children: t('shell.unsaved.text'),
      labels: { confirm: t('shell.unsaved.leave'), cancel: t('shell.unsaved.stay') },
      confirmProps: { color: 'red', 'data-testid': 'unsaved-leave' } as Record<string, unknown>,
      cancelProps: { 'data-testid': 'unsaved-stay' } as Record<string, unknown>,
      onConfirm: () => {
        answered = true;
        blocker.proceed();
      },
      onClose: () => {
        if (!answered) blocker.reset();
        answered = true;
      },
    });
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
