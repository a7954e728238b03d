// The bell at the top of the main menu: how many notifications are active,
// and, opened, the newest of them. A click opens the subject and marks the
// notification read; "mark all as read" empties the bell. New ones arrive
// on the user's own live route without a reload.
import { useCallback, useEffect, useReducer, useState } from 'react';
import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router';
import { api } from '../../data/api';
import { onRealtimeEvent, useConnectionState, useLiveRoutes } from '../../data/realtime';
import { formatDateTime } from '../../fields/dateTime/convert';
import { useLinkLabel } from '../../fields/link/LinkName';
import { errorText } from '../errors/errorText';
import { cardPath } from '../paths';
import { useSession } from '../session';
import { BELL_LIMIT, initialBell, parseNotification, reduceBell, userRoute, type BellItem } from './notificationState';

export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession().currentUser;
  const route = userRoute({ contentType: user.contentType, id: String(user.id) });
  const [state, dispatch] = useReducer(reduceBell, initialBell);
  const [opened, setOpened] = useState(false);
  const connection = useConnectionState();
  useLiveRoutes([route]);

  const failed = useCallback(
    (err: unknown) => notifications.show({ color: 'red', title: t('menu.notifications.failed'), message: errorText(err, t) }),
    [t],
  );
  const loadCount = useCallback(() => {
    api
      .get<{ count: number }>('notification/counter')
      .then((res) => dispatch({ kind: 'counter', count: res.data.count }))
      .catch((err: unknown) => console.warn('artel: notification counter', err));
  }, []);

  // At start, and again after every reconnect: messages may have been
  // missed meanwhile.
  useEffect(() => loadCount(), [connection, loadCount]);
  useEffect(() => onRealtimeEvent((m) => m.event === route && dispatch({ kind: 'live', message: m.message })), [route]);
  useEffect(() => {
    if (!opened) return;
    api
      .get<unknown[]>('notification', { isActive: true, limit: BELL_LIMIT }, { batch: false })
      .then((res) => dispatch({ kind: 'list', items: (res.data ?? []).flatMap((n) => parseNotification(n) ?? []) }))
      .catch(failed);
  }, [opened, failed]);

  const open = (item: BellItem) => {
    dispatch({ kind: 'dismissed', id: item.id });
    setOpened(false);
    api.delete(`notification/${item.id}`).catch(failed);
    void navigate(cardPath(item.subject));
  };
  const dismissAll = () => {
    dispatch({ kind: 'dismissedAll' });
    api.delete('notification/all').catch(failed);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="right-start" width={360} shadow="md" withinPortal>
      <Popover.Target>
        <Indicator label={state.count > 99 ? '99+' : state.count} size={16} disabled={state.count === 0} offset={4} data-testid="notification-count" data-count={state.count}>
          <ActionIcon variant="subtle" onClick={() => setOpened((o) => !o)} aria-label={t('menu.notifications.label')} data-testid="notification-bell">
            <IconBell size={18} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs" data-testid="notification-list">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t('menu.notifications.title')}</Text>
          {state.items.length > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={dismissAll} data-testid="notification-dismiss-all">
              {t('menu.notifications.dismissAll')}
            </Button>
          )}
        </Group>
        {state.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('menu.notifications.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420}>
            <Stack gap={4}>
              {state.items.map((item) => (
                <Entry key={item.id} item={item} onOpen={() => open(item)} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

// The notifications other than comments, and the headline key of each:
// the to-dos' (internal/module/todo) and the lead forms' posts
// (internal/module/crm/leadform).
const headlines: Record<string, string> = {
  todo_invite: 'todoInvite', todo_reminder: 'todoReminder', todo_accepted: 'todoAccepted',
  todo_rejected: 'todoRejected', todo_cancelled: 'todoCancelled', todo_given: 'todoGiven', lead_post: 'leadPost',
};

/** headline says what a notification tells of: a comment, a to-do's invitation, answer, reminder, cancelling or hand-over, or a lead. */
function headline(type: string, sender: string, t: TFunction): string {
  const key = headlines[type];
  if (key) return t(`menu.notifications.${key}`, { sender });
  return t('menu.notifications.comment', { sender });
}

function Entry({ item, onOpen }: { item: BellItem; onOpen(): void }) {
  const { t } = useTranslation();
  const sender = useLinkLabel(item.sender);
  const subject = useLinkLabel(item.subject);
  return (
    <UnstyledButton onClick={onOpen} p={6} style={{ borderRadius: 6 }} className="artel-menu-entry" data-testid="notification-item">
      <Text size="xs" c="dimmed">
        {headline(item.type, sender, t)} · {item.time ? formatDateTime(item.time) : ''}
      </Text>
      <Text size="sm" fw={600} truncate>
        {subject}
      </Text>
      {item.content && (
        <Text size="sm" lineClamp={2}>
          {item.content}
        </Text>
      )}
    </UnstyledButton>
  );
}
