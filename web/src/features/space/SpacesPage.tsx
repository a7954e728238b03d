// /workspaces[/{uid}]: the sections' trees beside the open element — a
// space with its pages and widgets, a note page, or a widget — and, with
// nothing open, what the reader opened last.
import { Button, Divider, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../app/errors/errorText';
import { ElementPane } from './ElementPane';
import { SectionTree, TypeIcon } from './SpaceTree';
import { TrashList } from './TrashList';
import { spaceApi, type Section, type SpaceElement } from './spaceApi';

function NewSpace({ section, onMade }: { section: Section; onMade(id: string): void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const make = () =>
    spaceApi.create(section, 'Space', title.trim()).then(
      (id) => {
        setTitle('');
        onMade(id);
      },
      (err: unknown) => setError(errorText(err, t)),
    );
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="nowrap">
        <TextInput size="xs" placeholder={t('space.tree.newSpace')} value={title} onChange={(e) => setTitle(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && title.trim() && make()} data-testid={`space-new-${section}-title`} style={{ flex: 1 }} />
        <Button size="xs" variant="light" disabled={!title.trim()} onClick={make} aria-label={t('space.tree.create')}
          data-testid={`space-new-${section}`}><IconPlus size={14} /></Button>
      </Group>
      {error && <Text size="xs" c="red">{error}</Text>}
    </Stack>
  );
}

/** Found lists the elements whose title holds q, anywhere the reader sees. */
function Found({ q }: { q: string }) {
  const { t } = useTranslation();
  const [found, setFound] = useState<SpaceElement[]>();
  useEffect(() => {
    spaceApi.search(q).then(setFound, () => setFound([]));
  }, [q]);
  if (found?.length === 0) return <Text size="sm" c="dimmed">{t('space.tree.notFound')}</Text>;
  return (
    <Stack gap={4} data-testid="space-found">
      {found?.map((e) => (
        <Group key={e.id} gap="xs" wrap="nowrap"><TypeIcon type={e.type} icon={e.icon} />
          <Link to={`/workspaces/${e.id}`}>{[...e.path.map((p) => p.title), e.title].join(' / ')}</Link></Group>
      ))}
    </Stack>
  );
}

function Recents() {
  const { t } = useTranslation();
  const [recents, setRecents] = useState<SpaceElement[]>();
  useEffect(() => {
    spaceApi.recents().then(setRecents, () => setRecents([]));
  }, []);
  return (
    <Stack gap="xs" data-testid="space-recents">
      <Title order={4}>{t('space.page.recents')}</Title>
      {recents?.length === 0 && <Text c="dimmed">{t('space.page.noRecents')}</Text>}
      {recents?.map((e) => (
        <Group key={e.id} gap="xs"><TypeIcon type={e.type} icon={e.icon} /><Link to={`/workspaces/${e.id}`}>{e.title}</Link></Group>
      ))}
    </Stack>
  );
}

export function SpacesPage({ uid, trash }: { uid?: string; trash?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [reload, setReload] = useState(0);
  const [trail, setTrail] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const changed = useCallback(() => setReload((n) => n + 1), []);
  const loaded = useCallback((e: SpaceElement) => setTrail(e.path.map((p) => p.id)), []);
  const made = (id: string) => {
    changed();
    navigate(`/workspaces/${id}`);
  };
  return (
    <Grid data-testid="workspaces">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Title order={4}>{t('menu.item.workspaces')}</Title>
            <TextInput size="xs" leftSection={<IconSearch size={14} />} placeholder={t('space.tree.search')} value={search}
              onChange={(e) => setSearch(e.currentTarget.value)} data-testid="space-search" />
            {q ? <Found q={q} /> : (
              <>
                <Text size="xs" fw={600} c="dimmed">{t('space.section.favorites')}</Text>
                <SectionTree section="favorites" selected={uid} trail={trail} reload={reload} />
                <Divider />
                <Text size="xs" fw={600} c="dimmed">{t('space.section.all')}</Text>
                <SectionTree section="all" selected={uid} trail={trail} reload={reload} />
                <NewSpace section="all" onMade={made} />
                <Divider />
                <Text size="xs" fw={600} c="dimmed">{t('space.section.private')}</Text>
                <SectionTree section="private" selected={uid} trail={trail} reload={reload} />
                <NewSpace section="private" onMade={made} />
                <Divider />
                <Group gap="xs"><IconTrash size={14} /><Link to="/workspaces/trash" data-testid="space-trash-link">{t('space.trash.title')}</Link></Group>
              </>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {uid ? <ElementPane key={uid} id={uid} onChanged={changed} onLoaded={loaded}
          onGone={() => { changed(); navigate('/workspaces'); }} /> : trash ? <TrashList onChanged={changed} /> : <Recents />}
      </Grid.Col>
    </Grid>
  );
}
