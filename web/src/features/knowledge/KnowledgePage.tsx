// The knowledge base screen: the bases on the left (or, inside a base,
// its article tree), the chosen article or the base's page on the right.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Box, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Entity } from '../../data/types';
import ArticlePane from './ArticlePane';
import ArticleTree from './ArticleTree';
import BasePane from './BasePane';
import { canEdit, knowledgeApi } from './knowledgeApi';

export default function KnowledgePage({ baseId, articleId }: { baseId?: string; articleId?: string }) {
  const { t } = useTranslation();
  const [bases, setBases] = useState<Entity[] | null>(null);
  const [error, setError] = useState('');
  const loadBases = useCallback(() => {
    knowledgeApi.bases().then(setBases, (err: unknown) => setError(errorText(err, t)));
  }, [t]);
  useEffect(loadBases, [loadBases]);
  return (
    <Stack p="md" gap="md" data-testid="knowledge-page">
      <Group justify="space-between">
        <Title order={2}>{t('knowledge.title')}</Title>
        <Anchor component={RouterLink} to="/knowledge/trash" data-testid="knowledge-trash-link">
          <Group gap={4}>
            <IconTrash size={16} />
            {t('knowledge.trash.title')}
          </Group>
        </Anchor>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {bases === null ? (
        <Loader />
      ) : baseId ? (
        <BaseScreen key={baseId} baseId={baseId} articleId={articleId} onBasesChanged={loadBases} />
      ) : (
        <BaseList bases={bases} onCreated={loadBases} />
      )}
    </Stack>
  );
}

function BaseList({ bases, onCreated }: { bases: Entity[]; onCreated(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const create = async () => {
    try {
      const base = await knowledgeApi.createBase(name.trim());
      onCreated();
      navigate(`/knowledge/${base.id}`);
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  return (
    <Stack gap="sm" maw={640}>
      {bases.length === 0 && <Text c="dimmed">{t('knowledge.base.none')}</Text>}
      {bases.map((b) => (
        <Paper key={b.id} withBorder p="sm" data-testid="knowledge-base-row" data-id={b.id}>
          <Anchor component={RouterLink} to={`/knowledge/${b.id}`} fw={500}>
            {String(b.name ?? '')}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t(`knowledge.role.${String(b.accessRole ?? 'nobody')}`)}
          </Text>
        </Paper>
      ))}
      <Group align="flex-end">
        <TextInput label={t('knowledge.base.newName')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="knowledge-new-base-name" />
        <Button disabled={!name.trim()} onClick={create} data-testid="knowledge-new-base">
          {t('knowledge.base.create')}
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}

function BaseScreen({ baseId, articleId, onBasesChanged }: { baseId: string; articleId?: string; onBasesChanged(): void }) {
  const { t } = useTranslation();
  const [base, setBase] = useState<Entity | null>(null);
  const [articles, setArticles] = useState<Entity[] | null>(null);
  const [error, setError] = useState('');
  const reload = useCallback(() => {
    Promise.all([knowledgeApi.base(baseId), knowledgeApi.articles(baseId)]).then(
      ([b, a]) => {
        setBase(b);
        setArticles(a);
      },
      (err: unknown) => setError(errorText(err, t)),
    );
  }, [baseId, t]);
  useEffect(reload, [reload]);
  if (error) return <Alert color="red">{error}</Alert>;
  if (!base || !articles) return <Loader />;
  return (
    <Group align="flex-start" wrap="nowrap" gap="lg">
      <Stack w={320} gap="xs" style={{ flexShrink: 0 }}>
        <Anchor component={RouterLink} to="/knowledge" size="sm">
          {t('knowledge.base.all')}
        </Anchor>
        <Anchor component={RouterLink} to={`/knowledge/${baseId}`} fw={600} data-testid="knowledge-base-name">
          {String(base.name ?? '')}
        </Anchor>
        <ArticleTree baseId={baseId} articles={articles} current={articleId} editable={canEdit(base)} onChanged={reload} />
      </Stack>
      <Box style={{ flex: 1, minWidth: 0 }}>
        {articleId ? (
          <ArticlePane key={articleId} baseId={baseId} articleId={articleId} onChanged={reload} />
        ) : (
          <BasePane base={base} onChanged={() => {
            reload();
            onBasesChanged();
          }} />
        )}
      </Box>
    </Group>
  );
}
