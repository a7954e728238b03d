// Projects and tasks as a tree, one level loaded when its parent opens.
// "Open a level" opens every node shown that has children, "collapse all"
// closes everything; a name opens the record beside the tree.
import { useCallback, useState } from 'react';
import { ActionIcon, Alert, Anchor, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useLinked } from '../../data/hooks';
import type { Link } from '../../data/types';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { displayName } from '../../format/displayName';
import { StatusBadge } from './StatusBadge';
import { hasChildren, useTreeLevel } from './useTreeLevel';

const keyOf = (l: Link) => `${l.contentType}:${l.id}`;

interface TreeState {
  expanded: Set<string>;
  toggle(key: string): void;
  /** The nodes with children each open level shows, by parent key ('' is the top). */
  report(parentKey: string, keys: string[] | null): void;
  onOpen(l: Link): void;
  filter: unknown;
}

function Row({ link, depth, tree }: { link: Link; depth: number; tree: TreeState }) {
  const { t } = useTranslation();
  const e = useLinked(link);
  const key = keyOf(link);
  const open = tree.expanded.has(key);
  const parent = e && hasChildren(e);
  return (
    <>
      <Group gap={6} wrap="nowrap" pl={depth * 20} py={2} data-testid="tree-row" data-id={link.id} data-type={link.contentType}>
        {parent ? (
          <ActionIcon size="sm" variant="subtle" color="gray" aria-label={open ? t('task.tree.collapse') : t('task.tree.expand')} aria-expanded={open} onClick={() => tree.toggle(key)} data-testid="tree-toggle">
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <Box w={22} />
        )}
        {link.contentType === 'Project' && <IconFolder size={16} color="var(--mantine-color-blue-6)" />}
        {e && <StatusBadge status={e.status} size="xs" />}
        <Anchor size="sm" lineClamp={1} onClick={() => tree.onOpen(link)}>
          {displayName(e ?? link, t)}
        </Anchor>
        {e && isLink(e.responsible) && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            <LinkName link={e.responsible} />
          </Text>
        )}
      </Group>
      {open && parent && <Level parent={link} depth={depth + 1} tree={tree} />}
    </>
  );
}

function Level({ parent, depth, tree }: { parent: Link | null; depth: number; tree: TreeState }) {
  const { t } = useTranslation();
  const level = useTreeLevel(parent, tree.filter);
  const parentKey = parent ? keyOf(parent) : '';
  const { report } = tree;
  const reported = useCallback(
    (node: HTMLDivElement | null) => {
      // The level reports the rows it shows while it is in the page.
      report(parentKey, node ? level.items.map(keyOf) : null);
    },
    [report, parentKey, level.items],
  );
  return (
    <Box ref={reported}>
      {level.items.map((l) => (
        <Row key={keyOf(l)} link={l} depth={depth} tree={tree} />
      ))}
      {level.state === 'pending' && <Loader size="xs" ml={depth * 20 + 28} my={4} />}
      {level.state === 'error' && <Alert color="red">{errorText(level.error, t)}</Alert>}
      {level.state === 'completed' && level.items.length === 0 && depth === 0 && <Text c="dimmed">{t('task.tree.empty')}</Text>}
      {level.hasMore && level.state !== 'pending' && (
        <Button size="compact-xs" variant="subtle" ml={depth * 20 + 28} onClick={level.loadMore} data-testid="tree-more">
          {t('task.tree.more')}
        </Button>
      )}
    </Box>
  );
}

export function TreeView({ filter, onOpen }: { filter: unknown; onOpen(l: Link): void }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [shown, setShown] = useState<Map<string, string[]>>(new Map());
  const toggle = useCallback((key: string) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  const report = useCallback((parentKey: string, keys: string[] | null) => {
    setShown((prev) => {
      const next = new Map(prev);
      if (keys) next.set(parentKey, keys);
      else next.delete(parentKey);
      return next;
    });
  }, []);
  const openLevel = () => setExpanded((prev) => new Set([...prev, ...[...shown.values()].flat()]));
  const tree: TreeState = { expanded, toggle, report, onOpen, filter };
  return (
    <Stack gap="xs" data-testid="task-tree">
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={openLevel} data-testid="tree-open-level">
          {t('task.tree.openLevel')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setExpanded(new Set())} data-testid="tree-collapse-all">
          {t('task.tree.collapseAll')}
        </Button>
      </Group>
      <Box style={{ overflow: 'auto', maxHeight: 'calc(100vh - 220px)' }}>
        <Level parent={null} depth={0} tree={tree} />
      </Box>
    </Stack>
  );
}
