// A base's articles as a tree. Editors drag a row onto another to put it
// before (dragged up) or after (dragged down) that one, under the same
// parent (POST /knowledgeArticle/sort), with @dnd-kit as the task kanban
// does: pointer and keyboard sensors, and a small activation distance so
// a click still opens the article.
import { useState } from 'react';
import { Alert, Anchor, Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { DndContext, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { IconGripVertical } from '@tabler/icons-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Entity } from '../../data/types';
import { knowledgeApi } from './knowledgeApi';
import { dropPosition, flatTree, type Node } from './tree';

interface Props {
  baseId: string;
  articles: Entity[];
  current?: string;
  editable: boolean;
  onChanged(): void;
}

export default function ArticleTree({ baseId, articles, current, editable, onChanged }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nodes = flatTree(articles);
  const [error, setError] = useState('');
  const [name, setName] = useState('');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const source = String(active.id);
    const target = String(over.id);
    try {
      setError('');
      await knowledgeApi.sort(source, target, dropPosition(nodes, source, target));
    } catch (err) {
      setError(errorText(err, t));
    }
    onChanged();
  };
  const create = async () => {
    try {
      const a = await knowledgeApi.createArticle({ contentType: 'KnowledgeBase', id: baseId }, name.trim(), '');
      setName('');
      onChanged();
      navigate(`/knowledge/${baseId}/${a.id}`);
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  return (
    <Stack gap={2} data-testid="knowledge-tree">
      {nodes.length === 0 && <Text c="dimmed" size="sm">{t('knowledge.tree.empty')}</Text>}
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        {nodes.map((n) => (
          <Row key={n.article.id} node={n} baseId={baseId} current={current === String(n.article.id)} draggable={editable} />
        ))}
      </DndContext>
      {error && <Alert color="red">{error}</Alert>}
      {editable && (
        <Group gap="xs" mt="sm" wrap="nowrap">
          <TextInput size="xs" placeholder={t('knowledge.tree.newName')} value={name} onChange={(e) => setName(e.currentTarget.value)}
            data-testid="knowledge-new-article-name" style={{ flex: 1 }} />
          <Button size="xs" disabled={!name.trim()} onClick={create} data-testid="knowledge-new-article">
            {t('knowledge.tree.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Row({ node, baseId, current, draggable }: { node: Node; baseId: string; current: boolean; draggable: boolean }) {
  const id = String(node.article.id);
  const drag = useDraggable({ id, disabled: !draggable });
  const drop = useDroppable({ id, disabled: !draggable });
  return (
    <Box
      ref={drop.setNodeRef}
      data-testid="knowledge-tree-item"
      data-id={id}
      pl={node.depth * 16}
      style={{
        borderTop: drop.isOver ? '2px solid var(--mantine-color-blue-5)' : '2px solid transparent',
        background: current ? 'var(--mantine-color-blue-light)' : undefined,
        borderRadius: 4,
      }}
    >
      <Group gap={4} wrap="nowrap" ref={drag.setNodeRef} style={{ opacity: drag.isDragging ? 0.4 : 1 }}>
        {draggable && (
          <Box {...drag.attributes} {...drag.listeners} style={{ cursor: 'grab', touchAction: 'none', display: 'flex' }} data-testid="knowledge-tree-handle">
            <IconGripVertical size={14} />
          </Box>
        )}
        <Anchor component={RouterLink} to={`/knowledge/${baseId}/${id}`} size="sm" fw={current ? 600 : 400} data-testid="knowledge-tree-link">
          {String(node.article.name ?? '')}
        </Anchor>
      </Group>
    </Box>
  );
}
