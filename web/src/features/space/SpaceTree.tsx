// The tree of one section: each element a row linking to its page, a
// space or page opening to show what is under it (read when opened).
import { ActionIcon, Group, NavLink, Stack, Text } from '@mantine/core';
import { IconChartBar, IconChevronDown, IconChevronRight, IconFileText, IconFolder } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { spaceApi, type ElementType, type SpaceElement } from './spaceApi';

export function TypeIcon({ type, icon }: { type: ElementType; icon?: string }) {
  if (icon) return <Text span>{icon}</Text>;
  if (type === 'Note') return <IconFileText size={16} />;
  if (type === 'Widget') return <IconChartBar size={16} />;
  return <IconFolder size={16} />;
}

interface TreeProps {
  selected?: string;
  /** trail is the ids above the open element: their rows open. */
  trail: string[];
  reload: number;
}

function Node({ e, selected, trail, reload, depth }: TreeProps & { e: SpaceElement; depth: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [kids, setKids] = useState<SpaceElement[]>();
  const opens = e.type !== 'Widget' && e.childrenCount > 0;
  const onTrail = trail.includes(e.id);
  useEffect(() => {
    if (onTrail) setOpen(true);
  }, [onTrail]);
  useEffect(() => {
    if (open && opens) spaceApi.children(e.id).then(setKids, () => setKids([]));
  }, [open, opens, e.id, reload]);
  return (
    <>
      <Group gap={0} wrap="nowrap" pl={depth * 14} data-testid="space-tree-row" data-id={e.id}>
        <ActionIcon variant="subtle" size="sm" onClick={() => setOpen(!open)} disabled={!opens}
          aria-label={t(open ? 'space.tree.collapse' : 'space.tree.expand')} data-testid="space-tree-toggle">
          {opens ? (open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />) : null}
        </ActionIcon>
        <NavLink component={Link} to={`/workspaces/${e.id}`} label={e.title} active={e.id === selected}
          leftSection={<TypeIcon type={e.type} icon={e.icon} />} py={4} data-testid="space-tree-link" />
      </Group>
      {open && kids?.map((k) => <Node key={k.id} e={k} selected={selected} trail={trail} reload={reload} depth={depth + 1} />)}
    </>
  );
}

/** SectionTree is one section's elements: all, private or favourites. */
export function SectionTree({ section, selected, trail, reload }: TreeProps & { section: 'all' | 'private' | 'favorites' }) {
  const { t } = useTranslation();
  const [roots, setRoots] = useState<SpaceElement[]>();
  useEffect(() => {
    spaceApi.section(section).then(setRoots, () => setRoots([]));
  }, [section, reload]);
  return (
    <Stack gap={0} data-testid={`space-section-${section}`}>
      {roots?.length === 0 && <Text size="sm" c="dimmed" pl="sm">{t('space.tree.empty')}</Text>}
      {roots?.map((e) => <Node key={e.id} e={e} selected={selected} trail={trail} reload={reload} depth={0} />)}
    </Stack>
  );
}
