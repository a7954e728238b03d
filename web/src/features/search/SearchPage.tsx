// /search?q=...: the search across every area at once (GET /api/v3/search),
// one group per type with its count, each result opening its card (a
// comment opens what it was written on), the matched text highlighted.
import { Alert, Anchor, Badge, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../data/api';
import { useCatalog } from '../../data/catalog';
import type { Entity, Link as EntityLink } from '../../data/types';
import { cardPath } from '../../app/paths';
import { pieces } from './highlight';

type FoundField = { hrName: string; value: string };
type SearchResult = { model: Entity; title: string; fields: FoundField[] };
type SearchGroup = { type: string; totalItemsCount: number; items: SearchResult[] };

const PER_GROUP = 10;

export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [found, setFound] = useState<SearchGroup[]>();
  const [failed, setFailed] = useState(false);

  useEffect(() => setText(q), [q]);
  useEffect(() => {
    setFound(undefined);
    setFailed(false);
    if (!q.trim()) return;
    const ctl = new AbortController();
    api
      .get<SearchGroup[]>('search', { q, limit: PER_GROUP }, { signal: ctl.signal, batch: false })
      .then((res) => setFound(res.data))
      .catch(() => {
        if (!ctl.signal.aborted) setFailed(true);
      });
    return () => ctl.abort();
  }, [q]);

  return (
    <Stack maw={820} data-testid="search">
      <Title order={2}>{t('search.page.title')}</Title>
      <form onSubmit={(e) => { e.preventDefault(); setParams(text.trim() ? { q: text.trim() } : {}); }}>
        <TextInput value={text} onChange={(e) => setText(e.currentTarget.value)} placeholder={t('search.box.placeholder')}
          leftSection={<IconSearch size={16} />} aria-label={t('search.page.title')} data-testid="search-input" />
      </form>
      {q.trim() && !found && !failed && <Loader size="sm" />}
      {failed && <Alert color="red">{t('search.page.failed')}</Alert>}
      {found?.length === 0 && <Text c="dimmed">{t('search.page.nothing')}</Text>}
      {found?.map((g) => <FoundGroup key={g.type} group={g} />)}
    </Stack>
  );
}

function FoundGroup({ group }: { group: SearchGroup }) {
  const { t } = useTranslation();
  const { catalog } = useCatalog();
  const label = catalog?.byName(group.type)?.label ?? group.type;
  return (
    <Stack gap={6} data-testid={`search-group-${group.type}`}>
      <Group gap="xs">
        <Text fw={600}>{label}</Text>
        <Badge variant="light" size="sm">{t('search.page.found', { count: group.totalItemsCount })}</Badge>
      </Group>
      {group.items.map((it) => (
        <Stack key={it.model.id} gap={0} data-testid="search-result">
          <Anchor component={Link} to={cardPath(opens(it.model))}>{it.title || label}</Anchor>
          {it.fields.map((f, i) => (
            <Text key={i} size="sm" c="dimmed" data-testid="search-fragment">
              {f.hrName}: {pieces(f.value).map((p, j) => (p.marked ? <mark key={j}>{p.text}</mark> : <span key={j}>{p.text}</span>))}
            </Text>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/** opens is the card a result leads to: a comment's subject, else the entity itself. */
function opens(model: Entity): EntityLink {
  const subject = model.subject as EntityLink | undefined;
  return model.contentType === 'Comment' && subject?.contentType ? subject : model;
}
