// Tasks as a board, one column per status. Dropping a card on a column
// performs the action that leads there among those the task offers
// (dropAction); a drop nothing leads to is refused on screen and the card
// goes back. Closing actions ask first.
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Box, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useList } from '../../data/hooks';
import type { Entity, Link } from '../../data/types';
import { fieldKind } from '../../fields';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { displayName } from '../../format/displayName';
import { groupByStatus, taskKey } from './board';
import { actionLabel, statusColor, statusLabel } from './labels';
import { TASK_STATUSES, dropAction, type Me } from './machine';
import { doAction } from './taskApi';

const CARD_FIELDS = ['name', 'humanNumber', 'status', 'owner', 'responsible', 'deadline', 'isOverdue', 'possibleActions'];
const ASK_FIRST = new Set(['act_cancel', 'act_expire']);
const deadlineField = { name: 'deadline', kind: 'DateOnly|DateTime|ShiftDate', label: '', sortable: false, readOnly: true, required: false, writeOnly: false };

function CardBody({ task, onOpen }: { task: Entity; onOpen?(l: Link): void }) {
  const { t } = useTranslation();
  const { Display } = fieldKind(deadlineField.kind);
  return (
    <Stack gap={4}>
      <Anchor
        size="sm"
        fw={500}
        lineClamp={3}
        onClick={(e) => {
          e.stopPropagation();
          onOpen?.({ contentType: task.contentType, id: String(task.id) });
        }}
      >
        {displayName(task, t)}
      </Anchor>
      <Group gap={6} justify="space-between" wrap="nowrap">
        {isLink(task.responsible) ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            <LinkName link={task.responsible} />
          </Text>
        ) : (
          <span />
        )}
        <Text size="xs" c={task.isOverdue ? 'red' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          <Display value={task.deadline} field={deadlineField} compact />
        </Text>
      </Group>
    </Stack>
  );
}

function TaskTile({ task, moving, onOpen }: { task: Entity; moving: boolean; onOpen(l: Link): void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: taskKey(task) });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      shadow="xs"
      data-testid="kanban-card"
      data-id={task.id}
      style={{ opacity: isDragging || moving ? 0.4 : 1, cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <CardBody task={task} onOpen={onOpen} />
    </Paper>
  );
}

function Column({ status, tasks, verdict, children }: { status: string; tasks: Entity[]; verdict: 'allowed' | 'refused' | null; children: ReactNode }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const ring = isOver && verdict ? `2px solid var(--mantine-color-${verdict === 'allowed' ? 'green' : 'red'}-5)` : '1px solid var(--mantine-color-default-border)';
  return (
    <Box ref={setNodeRef} w={230} style={{ flexShrink: 0, border: ring, borderRadius: 8, background: 'var(--mantine-color-gray-0)' }} data-testid="kanban-column" data-status={status}>
      <Group justify="space-between" px="xs" py={6}>
        <Badge color={statusColor(status)} variant="light">
          {statusLabel(status, t)}
        </Badge>
        <Text size="xs" c="dimmed">
          {tasks.length}
        </Text>
      </Group>
      <ScrollArea.Autosize mah="calc(100vh - 260px)" px="xs" pb="xs">
        <Stack gap={6} mih={60}>
          {children}
        </Stack>
      </ScrollArea.Autosize>
    </Box>
  );
}

export function Kanban({ filter, me, onOpen }: { filter: unknown; me: Me; onOpen(l: Link): void }) {
  const { t } = useTranslation();
  const list = useList({ contentType: 'Task', endpoint: 'task', filter, fields: CARD_FIELDS, limit: 100 });
  const [moving, setMoving] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [dragged, setDragged] = useState<Entity | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));
  const columns = useMemo(() => groupByStatus(list.items, moving), [list.items, moving]);

  const move = async (task: Entity, action: string, target: string) => {
    const key = taskKey(task);
    setMoving((m) => ({ ...m, [key]: target }));
    try {
      await doAction({ contentType: task.contentType, id: String(task.id) }, action);
    } catch (err) {
      setRefused(errorText(err, t));
    } finally {
      setMoving((m) => {
        const rest = { ...m };
        delete rest[key];
        return rest;
      });
    }
  };

  const onDragStart = (e: DragStartEvent) => {
    setRefused(null);
    setDragged(list.items.find((i) => taskKey(i) === e.active.id) ?? null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const task = list.items.find((i) => taskKey(i) === active.id);
    const target = over ? String(over.id) : undefined;
    if (!task || !target || target === (moving[taskKey(task)] ?? task.status)) return;
    const action = dropAction(task, target, me);
    if (!action) {
      setRefused(t('task.kanban.refused', { from: statusLabel(task.status, t), to: statusLabel(target, t) }));
      return;
    }
    if (!ASK_FIRST.has(action)) return void move(task, action, target);
    modals.openConfirmModal({
      title: actionLabel(action, t),
      children: t('task.action.sure'),
      labels: { confirm: actionLabel(action, t), cancel: t('task.card.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'task-action-confirm' } as Record<string, unknown>,
      onConfirm: () => void move(task, action, target),
    });
  };

  return (
    <Stack gap="xs" data-testid="kanban">
      {refused && (
        <Alert color="red" withCloseButton onClose={() => setRefused(null)} data-testid="kanban-refused">
          {refused}
        </Alert>
      )}
      {list.state === 'error' && <Alert color="red">{errorText(list.error, t)}</Alert>}
      {list.state === 'pending' && list.items.length === 0 && (
        <Center h={120}>
          <Loader />
        </Center>
      )}
      <DndContext sensors={sensors} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragged(null)}>
        <ScrollArea type="auto" offsetScrollbars>
          <Group gap="sm" align="flex-start" wrap="nowrap" pb="xs">
            {TASK_STATUSES.map((s) => (
              <Column key={s} status={s} tasks={columns[s]} verdict={!dragged || dragged.status === s ? null : dropAction(dragged, s, me) ? 'allowed' : 'refused'}>
                {columns[s].map((task) => (
                  <TaskTile key={taskKey(task)} task={task} moving={taskKey(task) in moving} onOpen={onOpen} />
                ))}
              </Column>
            ))}
          </Group>
        </ScrollArea>
        {/* No drop animation: a card either moves to its new column or stays where it was. */}
        <DragOverlay dropAnimation={null}>
          {dragged ? (
            <Paper withBorder p="xs" shadow="md" w={214}>
              <CardBody task={dragged} />
            </Paper>
          ) : null}
        </DragOverlay>
      </DndContext>
      {list.hasMoreNext && (
        <Button size="xs" variant="subtle" onClick={list.loadNext} loading={list.nextState === 'pending'} style={{ alignSelf: 'flex-start' }} data-testid="kanban-more">
          {t('task.kanban.more', { shown: list.items.length, count: list.count ?? list.items.length })}
        </Button>
      )}
    </Stack>
  );
}
