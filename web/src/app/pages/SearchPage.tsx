// /search?q=...: names across the main kinds of things, each linking to
// its card. The API matches every word of q in names.
import { Anchor, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../data/api';
import { useCatalog } from '../../data/catalog';
import type { Entity } from '../../data/types';
import { displayName } from '../../format';
import { cardPath } from '../paths';

const SEARCHED = ['Task', 'Project', 'ContractorHuman', 'ContractorCompany', 'Deal', 'Employee', 'Doc'];

export function SearchPage() {
  const { t } = useTranslation();
  const { catalog } = useCatalog();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [found, setFound] = useState<Record<string, Entity[]>>();

  useEffect(() => {
    setFound(undefined);
    if (!q.trim() || !catalog) return;
    const ctl = new AbortController();
    const types = SEARCHED.map((n) => catalog.byName(n)).filter((x) => x !== undefined);
    Promise.all(
      types.map((type) =>
        api
          .get<Entity[]>(type.endpoint, { q, limit: 10 }, { signal: ctl.signal })
          .then((res) => [type.name, res.data] as const)
          .catch(() => [type.name, [] as Entity[]] as const),
      ),
    ).then((pairs) => {
      if (!ctl.signal.aborted) setFound(Object.fromEntries(pairs));
    });
    return () => ctl.abort();
  }, [q, catalog]);

  const hits = found ? Object.entries(found).filter(([, list]) => list.length > 0) : [];
  return (
    <Stack maw={760} data-testid="search">
      <Title order={2}>{t('shell.search.title')}</Title>
      <form onSubmit={(e) => { e.preventDefault(); setParams(text.trim() ? { q: text.trim() } : {}); }}>
        <TextInput value={text} onChange={(e) => setText(e.currentTarget.value)} placeholder={t('shell.search.placeholder')} leftSection={<IconSearch size={16} />} aria-label={t('shell.search.title')} data-testid="search-input" />
      </form>
      {q && !found && <Loader size="sm" />}
      {found && hits.length === 0 && <Text c="dimmed">{t('shell.search.nothing')}</Text>}
      {hits.map(([type, list]) => (
        <Stack key={type} gap={4}>
          <Text fw={600}>{catalog?.byName(type)?.label ?? type}</Text>
          {list.map((e) => (
            <Group key={e.id} gap="xs">
              <Anchor component={Link} to={cardPath(e)}>{displayName(e, t)}</Anchor>
            </Group>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
