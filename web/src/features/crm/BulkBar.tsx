// The list's bulk actions on the rows ticked: drop live clients, or
// restore dropped ones, one call each, then the list is read again.
import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Link } from '../../data/types';
import { drop, restore } from './clientApi';

/** selectionKey names a row in the selection. */
export const selectionKey = (l: Link) => `${l.contentType}:${l.id}`;

export function BulkBar({ selected, dropped, onDone }: { selected: Link[]; dropped: boolean; onDone(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (selected.length === 0) return null;
  const run = async () => {
    setBusy(true);
    let failed = 0;
    for (const link of selected) {
      try {
        await (dropped ? restore(link) : drop(link));
      } catch (err) {
        failed++;
        notifications.show({ color: 'red', title: t('crm.card.failed'), message: errorText(err, t) });
      }
    }
    setBusy(false);
    if (failed === 0) onDone();
  };
  return (
    <Group gap="xs" data-testid="client-bulk">
      <Text size="sm">{t('crm.bulk.selected', { count: selected.length })}</Text>
      <Button size="xs" variant="light" color={dropped ? 'blue' : 'red'} loading={busy} onClick={() => void run()} data-testid="client-bulk-run">
        {dropped ? t('crm.bulk.restore') : t('crm.bulk.drop')}
      </Button>
    </Group>
  );
}
