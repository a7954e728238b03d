// One open element: its path, title and the actions the reader's access
// allows (rename, favourite, add a page, a space or a widget, move, copy,
// share, delete), and its body: a space's pages and widgets, a note's
// text, or a widget's figures.
import { ActionIcon, Alert, Anchor, Breadcrumbs, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowUp, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../app/errors/errorText';
import { WidgetBody } from '../report/widgetParts';
import type { Widget } from '../report/reportApi';
import { AddDialog, MoveDialog, RenameDialog } from './ElementDialogs';
import { MembersDialog } from './MembersDialog';
import { NoteView } from './NoteView';
import { TypeIcon } from './SpaceTree';
import { canShare, canWrite, spaceApi, type SpaceElement } from './spaceApi';

type Dialog = 'rename' | 'add' | 'move' | 'members' | null;

/** widgetOf is a widget element as the report module's widget body takes it. */
const widgetOf = (e: SpaceElement): Widget => ({ contentType: 'TaskDesktopWidget', ...e.widget, id: e.id, posX: 0, posY: 0, title: e.title });

function SpaceBody({ e, reload, onOrdered }: { e: SpaceElement; reload: number; onOrdered(): void }) {
  const { t } = useTranslation();
  const [kids, setKids] = useState<SpaceElement[]>();
  useEffect(() => {
    spaceApi.children(e.id).then(setKids, () => setKids([]));
  }, [e.id, reload]);
  if (!kids) return <Loader size="sm" />;
  if (kids.length === 0) return <Text c="dimmed">{t('space.page.emptySpace')}</Text>;
  // Up one place: right after the one two above, or first.
  const up = (i: number) => spaceApi.placeAfter(kids[i].id, i >= 2 ? kids[i - 2].id : null).then(onOrdered);
  const widgets = kids.filter((k) => k.type === 'Widget');
  return (
    <Stack>
      <Stack gap={4} data-testid="space-pages">
        {kids.map((k, i) => k.type !== 'Widget' && (
          <Group key={k.id} gap="xs"><TypeIcon type={k.type} icon={k.icon} />
            <Anchor component={Link} to={`/workspaces/${k.id}`} data-testid="space-page-link">{k.title}</Anchor>
            {canWrite(e) && i > 0 && (
              <ActionIcon size="sm" variant="subtle" onClick={() => up(i)} aria-label={t('space.action.up')} data-testid="space-page-up">
                <IconArrowUp size={14} />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
      {widgets.length > 0 && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} data-testid="space-widgets">
          {widgets.map((w) => (
            <Card key={w.id} withBorder data-testid="space-widget">
              <Group justify="space-between" mb="xs">
                <Anchor component={Link} to={`/workspaces/${w.id}`} fw={600}>{w.title}</Anchor>
                {canWrite(e) && kids.indexOf(w) > 0 && (
                  <ActionIcon size="sm" variant="subtle" onClick={() => up(kids.indexOf(w))} aria-label={t('space.action.up')}>
                    <IconArrowUp size={14} />
                  </ActionIcon>
                )}
              </Group>
              <WidgetBody w={widgetOf(w)} />
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

interface PaneProps {
  id: string;
  onChanged(): void;
  onLoaded(e: SpaceElement): void;
  onGone(): void;
}

export function ElementPane({ id, onChanged, onLoaded, onGone }: PaneProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [e, setE] = useState<SpaceElement>();
  const [error, setError] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reload, setReload] = useState(0);
  const load = useCallback(() => spaceApi.element(id).then((x) => {
    setE(x);
    onLoaded(x);
  }, (err: unknown) => setError(errorText(err, t))), [id, t, onLoaded]);
  useEffect(() => {
    load();
  }, [load]);
  const run = (fn: () => Promise<unknown>) =>
    fn().then(
      () => {
        setError('');
        onChanged();
        setReload((n) => n + 1);
        return load();
      },
      (err: unknown) => setError(errorText(err, t)),
    );
  if (!e) return error ? <Alert color="red">{error}</Alert> : <Loader />;
  const container = e.type !== 'Widget';
  const done = () => {
    setDialog(null);
    run(async () => undefined);
  };
  return (
    <Stack data-testid="space-element" data-type={e.type} data-access={e.accessLevel}>
      <Breadcrumbs>
        <Anchor component={Link} to="/workspaces">{t(`space.section.${e.section}`)}</Anchor>
        {e.path.map((p) => <Anchor key={p.id} component={Link} to={`/workspaces/${p.id}`}>{p.title}</Anchor>)}
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start">
        <Group gap="xs">
          <TypeIcon type={e.type} icon={e.icon} />
          <Title order={3} data-testid="space-element-title">{e.title}</Title>
          <Button variant="subtle" size="compact-sm" onClick={() => run(() => spaceApi.favorite(e.id, !e.inFavorites))}
            aria-label={t(e.inFavorites ? 'space.action.unfavorite' : 'space.action.favorite')} data-testid="space-favorite"
            data-on={e.inFavorites ? 'yes' : 'no'}>
            {e.inFavorites ? <IconStarFilled size={16} /> : <IconStar size={16} />}
          </Button>
        </Group>
        <Group gap="xs">
          {canWrite(e) && container && <Button size="xs" onClick={() => setDialog('add')} data-testid="space-add">{t('space.action.add')}</Button>}
          {canWrite(e) && <Button size="xs" variant="default" onClick={() => setDialog('rename')} data-testid="space-rename">{t('space.action.rename')}</Button>}
          {canWrite(e) && <Button size="xs" variant="default" onClick={() => setDialog('move')} data-testid="space-move">{t('space.action.move')}</Button>}
          <Button size="xs" variant="default" data-testid="space-copy"
            onClick={() => spaceApi.copy(e.id).then((c) => { onChanged(); navigate(`/workspaces/${c.id}`); }, (err: unknown) => setError(errorText(err, t)))}>
            {t('space.action.copy')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setDialog('members')} data-testid="space-share">{t('space.action.share')}</Button>
          {canShare(e) && (
            <Button size="xs" color="red" variant="light" data-testid="space-delete"
              onClick={() => window.confirm(t('space.action.confirmDelete')) && spaceApi.remove(e.id).then(onGone, (err: unknown) => setError(errorText(err, t)))}>
              {t('space.action.delete')}
            </Button>
          )}
        </Group>
      </Group>
      {error && <Alert color="red" withCloseButton onClose={() => setError('')}>{error}</Alert>}
      {e.type === 'Note' && <NoteView id={e.id} editable={canWrite(e)} />}
      {e.type === 'Space' && <SpaceBody e={e} reload={reload} onOrdered={() => run(async () => undefined)} />}
      {e.type === 'Widget' && <Card withBorder><WidgetBody w={widgetOf(e)} /></Card>}
      {e.type === 'Note' && e.childrenCount > 0 && <SpaceBody e={e} reload={reload} onOrdered={() => run(async () => undefined)} />}
      {dialog === 'rename' && <RenameDialog e={e} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'add' && <AddDialog e={e} onClose={() => setDialog(null)} onDone={(made) => { setDialog(null); onChanged(); navigate(`/workspaces/${made}`); }} />}
      {dialog === 'move' && <MoveDialog e={e} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'members' && <MembersDialog e={e} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
