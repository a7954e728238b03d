// The call widget (spec 000 §2, 001 §4.1): it hears the user's call
// messages in every tab, opens by itself in the main tab only, plays the
// spec's sounds there, and shows the caller card, hold, transfer, the
// DTMF pad and hang-up. A click on any [data-phone] element calls.
import { lazy, Suspense, useCallback, useEffect, useReducer } from 'react';
import { Affix, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isMainTab, onRealtimeEvent, useLiveRoutes } from '../../data/realtime';
import { errorText } from '../../app/errors/errorText';
import { useSession } from '../../app/session';
import { currentOptions, initCall, statusOf } from './callApi';
import { headingKey, initialWidget, reduceWidget, soundOf, type CallInfo } from './callState';
import { playTone } from './tones';

// The open panel is loaded on the session's first call, so the shell
// carries only this listener and the badge.
const CallPanel = lazy(() => import('./CallPanel'));

/** CallWidget is for employees: a client with guest access has no calls. */
export function CallWidget() {
  const user = useSession().currentUser;
  return user.contentType === 'Employee' ? <EmployeeCallWidget id={String(user.id)} /> : null;
}

function EmployeeCallWidget({ id }: { id: string }) {
  const { t } = useTranslation();
  const route = `bums.call.user:${id}`;
  const [w, dispatch] = useReducer(reduceWidget, initialWidget);
  useLiveRoutes([route]);

  useEffect(
    () =>
      onRealtimeEvent((m) => {
        if (m.event !== route) return;
        const msg = m.message as { command?: string; callInfo?: CallInfo };
        if (!msg?.command || !msg.callInfo) return;
        const main = isMainTab();
        dispatch({ kind: 'push', command: msg.command, callInfo: msg.callInfo, main });
        const sound = soundOf(msg.command);
        if (main && sound) playTone(sound);
      }),
    [route],
  );

  const failed = useCallback((err: unknown) => notifications.show({ color: 'red', message: errorText(err, t) }), [t]);

  // Spec 000 §2: a click on an element with a phone data attribute
  // calls; spec 001 §5: only with a phone and the user online, else a
  // warning. The status is read at the click: another tab may change it.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const el = (e.target as Element | null)?.closest?.('[data-phone]');
      const phone = el?.getAttribute('data-phone');
      if (!phone) return;
      e.preventDefault();
      currentOptions()
        .then((o) => {
          if (!o.enabled || statusOf(o) !== 'online') {
            notifications.show({ color: 'yellow', message: t('telephony.notReady') });
            return;
          }
          dispatch({ kind: 'open' });
          return initCall(phone);
        })
        .catch(failed);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [failed, t]);

  if (w.state === 'idle' || !w.call) return null;
  if (!w.opened) {
    return (
      <Affix position={{ bottom: 20, right: 20 }}>
        <Button leftSection={<IconPhone size={16} />} data-testid="call-widget-badge" onClick={() => dispatch({ kind: 'open' })}>
          {t(headingKey(w.state, w.call))}
        </Button>
      </Affix>
    );
  }
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Suspense fallback={null}>
        <CallPanel call={w.call} state={w.state} onClose={() => dispatch({ kind: 'close' })} onFail={failed} />
      </Suspense>
    </Affix>
  );
}

