// Live balances: a screen showing stock re-reads it when a consignment
// is created, changed (reserved, performed, cancelled, resumed) or
// deleted anywhere in the account, as the live socket tells
// (docs/realtime.md, entity events). A burst of events is read once.
import { useEffect, useRef } from 'react';
import { onRealtimeEvent, useLiveList } from '../../data/realtime';

/** isConsignmentEvent: an entity event of a consignment (any action). */
export function isConsignmentEvent(event: string): boolean {
  const [kind, type] = event.split(':');
  return kind.startsWith('entity.') && type === 'Consignment';
}

export function useStockEvents(reread: () => void, delay = 250) {
  useLiveList('Consignment');
  const latest = useRef(reread);
  latest.current = reread;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onRealtimeEvent((m) => {
      if (!isConsignmentEvent(m.event)) return;
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), delay);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [delay]);
}
