// The card's possible duplicates (same phone however written, e-mail or
// name), each with a merge into this client: its deals, payers, comments,
// people and contacts move here and it is deleted (docs/crm.md, Merging).
import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { cardPath } from '../../app/paths';
import { api } from '../../data/api';
import { typeEndpoint } from '../../data/catalog';
import { ingest, removeEntity } from '../../data/entities';
import { keyOf, type Entity } from '../../data/types';
import { displayName } from '../../format/displayName';
import { MergeProgress } from './MergeProgress';

export function DuplicatesBlock({ client, mayMerge }: { client: Entity; mayMerge: boolean }) {
  const { t } = useTranslation();
  const base = `${typeEndpoint(client.contentType)}/${client.id}`;
  const [found, setFound] = useState<Entity[]>([]);
  const [version, setVersion] = useState(0);
  // A merge running as a background job (its answer says mergeInProgress).
  const [merging, setMerging] = useState(client.mergeInProgress === true);
  const ended = useCallback(() => {
    setMerging(false);
    setVersion((v) => v + 1);
  }, []);
  useEffect(() => {
    let live = true;
    api.get<Entity[]>(`${base}/possibleDuplicates`, { fields: ['name', 'firstName', 'lastName'] }).then(
      (env) => live && setFound(Array.isArray(env.data) ? env.data : []),
      // A hint only: the card works without it.
      (err: unknown) => console.warn('artel: duplicates not checked', err),
    );
    return () => {
      live = false;
    };
  }, [base, version, client.contactInfo]);
  if (merging) return <MergeProgress base={base} client={{ contentType: client.contentType, id: String(client.id) }} onEnd={ended} />;
  if (found.length === 0) return null;

  const merge = (dup: Entity) =>
    modals.openConfirmModal({
      title: t('crm.merge.title'),
      children: <Text size="sm">{t('crm.merge.text', { from: displayName(dup, t), into: displayName(client, t) })}</Text>,
      labels: { confirm: t('crm.merge.confirm'), cancel: t('crm.card.cancel') },
      confirmProps: { 'data-testid': 'merge-confirm' } as Record<string, unknown>,
      onConfirm: () =>
        void api.post<Entity>(`${base}/merge`, { contentType: dup.contentType, id: dup.id }).then(
          (env) => {
            if (env.data) ingest(env.data, { full: true });
            if (env.data?.mergeInProgress === true) {
              setMerging(true);
              return;
            }
            removeEntity(keyOf({ contentType: dup.contentType, id: String(dup.id) }));
            setVersion((v) => v + 1);
          },
          (err: unknown) => notifications.show({ color: 'red', title: t('crm.merge.failed'), message: errorText(err, t) }),
        ),
    });

  return (
    <Alert color="yellow" title={t('crm.merge.found')} data-testid="client-possible-duplicates">
      <Stack gap={4}>
        {found.map((d) => (
          <Group key={`${d.contentType}:${d.id}`} gap="xs" data-testid="duplicate-row">
            <Anchor component={RouterLink} to={cardPath({ contentType: d.contentType, id: String(d.id) })} size="sm">
              {displayName(d, t)}
            </Anchor>
            {mayMerge && (
              <Button size="compact-xs" variant="light" onClick={() => merge(d)} data-testid="duplicate-merge">
                {t('crm.merge.action')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
