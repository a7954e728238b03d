// The chat events of the user's own live route (docs/realtime.md): a new
// or changed message, someone typing.
import { useEffect, useRef } from 'react';
import { onRealtimeEvent, useLiveRoutes } from '../../data/realtime';
import { userRoute } from '../../app/layout/notificationState';
import { useSession } from '../../app/session';
import { isChatEvent, type ChatEvent } from './chatApi';

export function useChatEvents(handler: (ev: ChatEvent) => void) {
  const user = useSession().currentUser;
  const route = userRoute({ contentType: user.contentType, id: String(user.id) });
  const latest = useRef(handler);
  latest.current = handler;
  useLiveRoutes([route]);
  useEffect(
    () =>
      onRealtimeEvent((m) => {
        if (m.event === route && isChatEvent(m.message)) latest.current(m.message);
      }),
    [route],
  );
}

/** useMe is the signed-in user as a link. */
export function useMe() {
  const user = useSession().currentUser;
  return { contentType: user.contentType, id: String(user.id) };
}
