// A program's deals as a board, one column per state in the process's
// order. A drop performs the transition leading to that column when the
// deal offers it; otherwise the card goes back and the reason is shown:
// the server's reasons for a refused transition, or that nothing leads
// there.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Box, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useList } from '../../data/hooks';
import type { Entity } from '../../data/types';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { dealKey, dropOn, groupByState } from './board';
import { applyTransition, programStates, type StateInfo } from './dealApi';
import { money } from './money';

const CARD_FIELDS = ['name', 'number', 'state', 'program', 'contractor', 'manager', 'price', 'possibleTransitions'];

function CardBody({ deal, onOpen }: { deal: Entity; onOpen?(id: string): void }) {
  return (
    <Stack gap={4}>
      <Anchor size="sm" fw={500} lineClamp={3} onClick={(e) => (e.stopPropagation(), onOpen?.(String(deal.id)))}>
        {deal.number ? `№${String(deal.number)} ` : ''}
        {String(deal.name ?? '')}
      </Anchor>
      <Group gap={6} justify="space-between" wrap="nowrap">
        {isLink(deal.contractor) ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            <LinkName link={deal.contractor} />
          </Text>
        ) : (
          <span />
        )}
        <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
          {money(deal.price)}
        </Text>
      </Group>
    </Stack>
  );
}

function Tile({ deal, moving, onOpen }: { deal: Entity; moving: boolean; onOpen(id: string): void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: dealKey(deal) });
  return (
    <Paper ref={setNodeRef} withBorder p="xs" shadow="xs" data-testid="deal-card" data-id={deal.id}
      style={{ opacity: isDragging || moving ? 0.4 : 1, cursor: 'grab', touchAction: 'none' }} {...attributes} {...listeners}>
      <CardBody deal={deal} onOpen={onOpen} />
    </Paper>
  );
}

function Column({ state, count, verdict, children }: { state: StateInfo; count: number; verdict: 'allowed' | 'refused' | null; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: state.id });
  const ring = isOver && verdict ? `2px solid var(--mantine-color-${verdict === 'allowed' ? 'green' : 'red'}-5)` : '1px solid var(--mantine-color-default-border)';
  return (
    <Box ref={setNodeRef} w={240} style={{ flexShrink: 0, border: ring, borderRadius: 8, background: 'var(--mantine-color-gray-0)' }} data-testid="deal-column" data-state={state.name}>
      <Group justify="space-between" px="xs" py={6} wrap="nowrap">
        <Badge variant="light" color={state.color || 'gray'} styles={{ root: { textTransform: 'none' } }}>
          {state.name}
        </Badge>
        <Text size="xs" c="dimmed" data-testid="deal-column-count">
          {count}
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

export function DealBoard({ programId, filter, onOpen }: { programId: string; filter: unknown; onOpen(id: string): void }) {
  const { t } = useTranslation();
  const [states, setStates] = useState<StateInfo[] | null>(null);
  // Newest first, the list's own order (by id): a deal just added shows at
  // the top of its column, and the program's link index serves the page
  // without sorting the program's deals (docs/performance.md, deals).
  const list = useList({ contentType: 'Deal', endpoint: 'deal', filter, fields: CARD_FIELDS, limit: 100 });
  const [moving, setMoving] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [dragged, setDragged] = useState<Entity | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));
  useEffect(() => {
    let live = true;
    programStates(programId).then((s) => live && setStates(s), (err) => live && setRefused(errorText(err, t)));
    return () => void (live = false);
  }, [programId, t]);
  const ids = useMemo(() => (states ?? []).map((s) => s.id), [states]);
  const columns = useMemo(() => groupByState(list.items, ids, moving), [list.items, ids, moving]);
  const nameOf = (id: string | undefined) => states?.find((s) => s.id === id)?.name ?? '';

  const move = async (deal: Entity, transition: string, target: string) => {
    const key = dealKey(deal);
    setMoving((m) => ({ ...m, [key]: target }));
    try {
      await applyTransition(String(deal.id), transition);
    } catch (err) {
      setRefused(errorText(err, t));
    } finally {
      setMoving(({ [key]: _, ...rest }) => rest);
    }
  };
  const onDragStart = (e: DragStartEvent) => {
    setRefused(null);
    setDragged(list.items.find((i) => dealKey(i) === e.active.id) ?? null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const deal = list.items.find((i) => dealKey(i) === active.id);
    if (!deal || !over || dealKey(deal) in moving) return;
    const target = String(over.id);
    const drop = dropOn(deal, target);
    const from = nameOf((deal.state as { id?: string }).id);
    if (drop.kind === 'move') void move(deal, drop.transition.id, target);
    else if (drop.kind === 'none') setRefused(t('deal.kanban.noTransition', { from, to: nameOf(target) }));
    else if (drop.kind === 'refused') setRefused(drop.reasons.join('\n') || t('deal.kanban.refused'));
  };
  const verdict = (s: string) => {
    if (!dragged) return null;
    const d = dropOn(dragged, s);
    return d.kind === 'same' ? null : d.kind === 'move' ? 'allowed' : 'refused';
  };

  return (
    <Stack gap="xs" data-testid="deal-board">
      {refused && (
        <Alert color="red" withCloseButton onClose={() => setRefused(null)} data-testid="deal-board-refused" style={{ whiteSpace: 'pre-line' }}>
          {refused}
        </Alert>
      )}
      {list.state === 'error' && <Alert color="red">{errorText(list.error, t)}</Alert>}
      {(!states || (list.state === 'pending' && list.items.length === 0)) && (
        <Center h={120}>
          <Loader />
        </Center>
      )}
      <DndContext sensors={sensors} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragged(null)}>
        <ScrollArea type="auto" offsetScrollbars>
          <Group gap="sm" align="flex-start" wrap="nowrap" pb="xs">
            {(states ?? []).map((s) => (
              <Column key={s.id} state={s} count={columns[s.id]?.length ?? 0} verdict={verdict(s.id)}>
                {(columns[s.id] ?? []).map((deal) => (
                  <Tile key={dealKey(deal)} deal={deal} moving={dealKey(deal) in moving} onOpen={onOpen} />
                ))}
              </Column>
            ))}
          </Group>
        </ScrollArea>
        {/* No drop animation: a card either moves to its new column or stays where it was. */}
        <DragOverlay dropAnimation={null}>
          {dragged ? (
            <Paper withBorder p="xs" shadow="md" w={224}>
              <CardBody deal={dragged} />
            </Paper>
          ) : null}
        </DragOverlay>
      </DndContext>
      {list.hasMoreNext && (
        <Button size="xs" variant="subtle" onClick={list.loadNext} loading={list.nextState === 'pending'} style={{ alignSelf: 'flex-start' }}>
          {t('deal.kanban.more', { shown: list.items.length, count: list.count ?? list.items.length })}
        </Button>
      )}
    </Stack>
  );
}
