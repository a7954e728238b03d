// /knowledge/trash: what the reader may bring back, newest first: the
// articles of bases they edit (each with the subtree dropped with it) and
// the bases they own; each is restored, or deleted for good after a
// second click.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { knowledgeApi, type TrashItem } from './knowledgeApi';

export default function TrashPage() {
  const { t } = useTranslation();
  const [items, setItems] = useState<TrashItem[] | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    knowledgeApi.trash().then(setItems, (err: unknown) => setError(errorText(err, t)));
  }, [t]);
  useEffect(load, [load]);
  const [asked, setAsked] = useState<string | null>(null);
  const act = async (work: () => Promise<unknown>) => {
    try {
      setError('');
      await work();
      load();
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  const isBase = (it: TrashItem) => it.item.contentType === 'KnowledgeBase';
  const restore = (it: TrashItem) =>
    act(() => (isBase(it) ? knowledgeApi.recoverBase(String(it.item.id)) : knowledgeApi.recoverArticle(String(it.item.id))));
  // Deleting what is in the trash is for good (docs/knowledge.md): asked first.
  const purge = (it: TrashItem) => {
    setAsked(null);
    return act(() => (isBase(it) ? knowledgeApi.dropBase(String(it.item.id)) : knowledgeApi.dropArticle(String(it.item.id))));
  };
  return (
    <Stack p="md" gap="md" data-testid="knowledge-trash">
      <Anchor component={RouterLink} to="/knowledge" size="sm">{t('knowledge.base.all')}</Anchor>
      <Title order={2}>{t('knowledge.trash.title')}</Title>
      {error && <Alert color="red">{error}</Alert>}
      {items === null ? <Loader /> : items.length === 0 ? <Text c="dimmed">{t('knowledge.trash.empty')}</Text> : null}
      {items?.map((it) => {
        const base = it.item.contentType === 'KnowledgeBase' ? String(it.item.id) : it.parents[0]?.id;
        return (
          <Paper key={it.id} withBorder p="sm" data-testid="knowledge-trash-item" data-id={it.item.id}>
            <Group justify="space-between">
              <Stack gap={0}>
                <Text fw={500}>{String(it.item.name ?? '')}</Text>
                <Text size="xs" c="dimmed">
                  {it.item.contentType === 'KnowledgeBase' ? t('knowledge.trash.base') : t('knowledge.trash.article')}
                </Text>
              </Stack>
              <Group gap="xs">
                {base && it.item.contentType === 'KnowledgeArticle' && (
                  <Anchor component={RouterLink} to={`/knowledge/${base}/${it.item.id}`} size="sm">{t('knowledge.trash.open')}</Anchor>
                )}
                <Button size="xs" onClick={() => restore(it)} data-testid="knowledge-trash-restore">{t('knowledge.trash.restore')}</Button>
                {asked === it.id ? (
                  <>
                    <Text size="xs" c="red">{t('knowledge.trash.purgeAsk')}</Text>
                    <Button size="xs" color="red" onClick={() => purge(it)} data-testid="knowledge-trash-purge-yes">{t('knowledge.trash.purgeYes')}</Button>
                    <Button size="xs" variant="default" onClick={() => setAsked(null)}>{t('knowledge.trash.purgeNo')}</Button>
                  </>
                ) : (
                  <Button size="xs" color="red" variant="light" onClick={() => setAsked(it.id)} data-testid="knowledge-trash-purge">{t('knowledge.trash.purge')}</Button>
                )}
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
