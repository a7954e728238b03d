// Above a subject's comments: whether the reader follows them (a toggle
// that subscribes or unsubscribes the reader only) and who else does.
import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Entity } from '../../data/types';
import { LinkName } from '../../fields/link/LinkName';
import { setSubscribed, subscriberLinks } from './subscriptions';

export function SubscribersBar({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // Only subjects with subscribers have the field; a single read brings it.
  if (typeof entity.subscribed !== 'boolean') return null;
  const on = entity.subscribed;
  const people = subscriberLinks(entity);
  const toggle = async () => {
    setBusy(true);
    try {
      await setSubscribed({ contentType: entity.contentType, id: String(entity.id) }, !on);
    } catch (err) {
      notifications.show({ color: 'red', title: t('comments.subscribers.failed'), message: errorText(err, t) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="sm" wrap="wrap" data-testid="subscribers-bar">
      <Button
        size="xs"
        variant={on ? 'light' : 'default'}
        leftSection={on ? <IconBell size={14} /> : <IconBellOff size={14} />}
        loading={busy}
        onClick={() => void toggle()}
        aria-pressed={on}
        data-testid="subscribe-toggle"
      >
        {on ? t('comments.subscribers.unsubscribe') : t('comments.subscribers.subscribe')}
      </Button>
      <Text size="sm" c="dimmed" data-testid="subscribers-list">
        {people.length === 0 ? t('comments.subscribers.none') : t('comments.subscribers.label', { count: people.length })}{' '}
        {people.map((p, i) => (
          <span key={`${p.contentType}:${p.id}`}>
            {i > 0 && ', '}
            <LinkName link={p} />
          </span>
        ))}
      </Text>
    </Group>
  );
}
