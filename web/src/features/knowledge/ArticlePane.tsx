// One article: read by everyone with a role on its base (or on the article,
// when it has roles of its own: RightsPanel); editors change
// its name and text, add a child, drop it to the trash, and bring back
// an earlier version.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Text, TextInput, Title, Typography } from '@mantine/core';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Entity, Link } from '../../data/types';
import { LinkName } from '../../fields/link/LinkName';
import RichEditor from '../../fields/richtext/RichEditor';
import { Backlinks } from './Backlinks';
import { RightsPanel } from './RightsPanel';
import { ArticleText } from './content';
import { canEdit, knowledgeApi, type Version } from './knowledgeApi';

interface Props {
  baseId: string;
  articleId: string;
  onChanged(): void;
}

export default function ArticlePane({ baseId, articleId, onChanged }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [article, setArticle] = useState<Entity | null>(null);
  const [editing, setEditing] = useState<{ name: string; html: string } | null>(null);
  const [child, setChild] = useState('');
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [targets, setTargets] = useState<Entity[] | null>(null);
  const [access, setAccess] = useState(false);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    knowledgeApi.article(articleId).then(setArticle, (err: unknown) => setError(errorText(err, t)));
  }, [articleId, t]);
  useEffect(load, [load]);
  const run = async (fn: () => Promise<unknown>) => {
    try {
      setError('');
      await fn();
      return true;
    } catch (err) {
      setError(errorText(err, t));
      return false;
    }
  };
  if (!article) return error ? <Alert color="red">{error}</Alert> : <Loader />;
  const editable = canEdit(article) && !article.isDropped;
  const save = () =>
    run(async () => {
      setArticle(await knowledgeApi.saveArticle(articleId, editing!.name.trim(), editing!.html));
      setEditing(null);
      setVersions(null);
      onChanged();
    });
  const addChild = () =>
    run(async () => {
      const a = await knowledgeApi.createArticle({ contentType: 'KnowledgeArticle', id: articleId }, child.trim(), '');
      setChild('');
      onChanged();
      navigate(`/knowledge/${baseId}/${a.id}`);
    });
  const drop = () =>
    run(async () => {
      await knowledgeApi.dropArticle(articleId);
      onChanged();
      navigate(`/knowledge/${baseId}`);
    });
  const copy = () =>
    run(async () => {
      const a = await knowledgeApi.copy(articleId);
      onChanged();
      navigate(`/knowledge/${baseId}/${a.id}`);
    });
  const loadTargets = () => run(async () => setTargets(await knowledgeApi.moveTargets(articleId)));
  const move = (key: string | null) =>
    key &&
    run(async () => {
      const [contentType, id] = key.split(':');
      const to: Link = { contentType, id };
      await knowledgeApi.moveTo(articleId, to);
      setTargets(null);
      const moved = await knowledgeApi.article(articleId);
      onChanged();
      navigate(`/knowledge/${(moved.base as Link).id}/${articleId}`);
    });
  const showVersions = () => run(async () => setVersions(await knowledgeApi.versions(articleId)));
  const restore = (v: Version) =>
    run(async () => {
      await knowledgeApi.restoreVersion(articleId, v.id);
      setVersions(null);
      load();
      onChanged();
    });
  return (
    <Stack gap="md" data-testid="knowledge-article" data-editable={editable ? 'yes' : 'no'}>
      {error && <Alert color="red">{error}</Alert>}
      {editing ? (
        <Stack gap="sm">
          <TextInput label={t('knowledge.article.name')} value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })}
            data-testid="knowledge-edit-name" />
          <Text size="sm" fw={500}>{t('knowledge.article.text')}</Text>
          <RichEditor value={editing.html} onChange={(html) => setEditing((e) => e && { ...e, html })} testId="knowledge-edit-text" />
          <Group>
            <Button onClick={save} disabled={!editing.name.trim()} data-testid="knowledge-save">{t('knowledge.article.save')}</Button>
            <Button variant="default" onClick={() => setEditing(null)}>{t('knowledge.article.cancel')}</Button>
          </Group>
        </Stack>
      ) : (
        <>
          <Group justify="space-between" align="flex-start">
            <Title order={3} data-testid="knowledge-article-title">{String(article.name ?? '')}</Title>
            {article.isDropped ? <Badge color="gray">{t('knowledge.article.dropped')}</Badge> : null}
          </Group>
          <Paper withBorder p="md" data-testid="knowledge-article-content">
            <Typography>
              <ArticleText html={String(article.content ?? '')} />
            </Typography>
          </Paper>
          {article.lastUpdateBy ? (
            <Text size="xs" c="dimmed">
              {t('knowledge.article.updated')} <LinkName link={article.lastUpdateBy as { contentType: string; id: string }} />
              {article.lastUpdated ? `, ${dayjs((article.lastUpdated as { value: string }).value).format('DD.MM.YYYY HH:mm')}` : ''}
            </Text>
          ) : null}
          <Group gap="xs">
            {editable && (
              <Button size="xs" onClick={() => setEditing({ name: String(article.name ?? ''), html: String(article.content ?? '') })}
                data-testid="knowledge-edit">
                {t('knowledge.article.edit')}
              </Button>
            )}
            {editable && (
              <Button size="xs" color="red" variant="light" onClick={drop} data-testid="knowledge-delete">
                {t('knowledge.article.delete')}
              </Button>
            )}
            {editable && (
              <Button size="xs" variant="default" onClick={copy} data-testid="knowledge-copy">
                {t('knowledge.article.copy')}
              </Button>
            )}
            {editable && !targets && (
              <Button size="xs" variant="default" onClick={loadTargets} data-testid="knowledge-move">
                {t('knowledge.article.move')}
              </Button>
            )}
            <Button size="xs" variant="default" onClick={() => setAccess((v) => !v)} data-testid="knowledge-access">
              {t('knowledge.rights.title')}
            </Button>
            <Button size="xs" variant="default" onClick={showVersions} data-testid="knowledge-versions">
              {t('knowledge.article.versions')}
            </Button>
          </Group>
          {editable && targets && (
            <Select searchable maw={480} size="xs" placeholder={t('knowledge.article.moveTo')} onChange={move} data-testid="knowledge-move-target"
              data={targets.map((x) => ({
                value: `${x.contentType}:${x.id}`,
                label: x.contentType === 'KnowledgeBase' ? `${String(x.name ?? '')} — ${t('knowledge.article.baseRoot')}` : String(x.name ?? ''),
              }))} />
          )}
          {editable && (
            <Group gap="xs" wrap="nowrap" maw={480}>
              <TextInput size="xs" placeholder={t('knowledge.article.childName')} value={child} onChange={(e) => setChild(e.currentTarget.value)}
                data-testid="knowledge-child-name" style={{ flex: 1 }} />
              <Button size="xs" variant="light" disabled={!child.trim()} onClick={addChild} data-testid="knowledge-add-child">
                {t('knowledge.article.addChild')}
              </Button>
            </Group>
          )}
        </>
      )}
      {versions && (
        <Stack gap="xs" data-testid="knowledge-version-list">
          <Title order={5}>{t('knowledge.article.versions')}</Title>
          {versions.map((v, i) => (
            <Paper key={v.id} withBorder p="xs" data-testid="knowledge-version">
              <Group justify="space-between">
                <Text size="sm">
                  {v.timeCreated ? dayjs(v.timeCreated.value).format('DD.MM.YYYY HH:mm') : ''} · {v.name}
                  {i === 0 ? ` (${t('knowledge.article.current')})` : ''}
                </Text>
                {editable && i > 0 && (
                  <Button size="compact-xs" variant="light" onClick={() => restore(v)} data-testid="knowledge-version-restore">
                    {t('knowledge.article.restoreVersion')}
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {access && (
        <RightsPanel on={`knowledgeArticle/${articleId}`} owner={article.accessRole === 'owner'}
          hint={(n) => (n > 0 ? t('knowledge.rights.articleClosed') : t('knowledge.rights.articleOpen'))} />
      )}
      <Backlinks articleId={articleId} />
    </Stack>
  );
}
