// /knowledge/trash: what the reader may bring back, newest first: the
// articles of bases they edit (each with the subtree dropped with it) and
// the bases they own.
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
  const restore = async (it: TrashItem) => {
    try {
      setError('');
      if (it.item.contentType === 'KnowledgeBase') await knowledgeApi.recoverBase(String(it.item.id));
      else await knowledgeApi.recoverArticle(String(it.item.id));
      load();
    } catch (err) {
      setError(errorText(err, t));
    }
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
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
