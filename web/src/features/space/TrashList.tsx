// The reader's workspace trash: what they put there (or may restore),
// the latest first; each restored to its place or removed for good.
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { TypeIcon } from './SpaceTree';
import { spaceApi, type SpaceElement } from './spaceApi';

export function TrashList({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<SpaceElement[]>();
  const [error, setError] = useState('');
  const load = useCallback(() => spaceApi.trash().then(setItems, (err: unknown) => setError(errorText(err, t))), [t]);
  useEffect(() => {
    load();
  }, [load]);
  const run = (fn: () => Promise<unknown>) =>
    fn().then(() => {
      setError('');
      onChanged();
      return load();
    }, (err: unknown) => setError(errorText(err, t)));
  return (
    <Stack data-testid="space-trash">
      <Title order={3}>{t('space.trash.title')}</Title>
      {error && <Alert color="red">{error}</Alert>}
      {items?.length === 0 && <Text c="dimmed">{t('space.trash.empty')}</Text>}
      {items?.map((e) => (
        <Group key={e.id} justify="space-between" data-testid="space-trash-item">
          <Group gap="xs"><TypeIcon type={e.type} icon={e.icon} /><Text>{[...e.path.map((p) => p.title), e.title].join(' / ')}</Text></Group>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => run(() => spaceApi.restore(e.id))} data-testid="space-trash-restore">
              {t('space.trash.restore')}
            </Button>
            <Button size="xs" color="red" variant="subtle" data-testid="space-trash-remove"
              onClick={() => window.confirm(t('space.trash.confirmRemove')) && run(() => spaceApi.removeForGood(e.id))}>
              {t('space.trash.remove')}
            </Button>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
