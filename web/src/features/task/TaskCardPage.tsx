// The card of a task or project: its status and the actions it allows,
// every field changed in place where the reader may, tags, favourite,
// KPI, the work under it, milestones, bonuses, the history of changes and
// the comments.
import { useCallback, useState } from 'react';
import { ActionIcon, Badge, Button, CloseButton, Collapse, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useSession } from '../../app/session';
import { useUnsavedChanges } from '../../app/unsaved';
import type { TypeInfo } from '../../data/catalog';
import { useEntity } from '../../data/hooks';
import type { Entity } from '../../data/types';
import { isBlankValue } from '../../fields';
import { isLink } from '../../fields/link/LinkName';
import { displayName } from '../../format/displayName';
import { WithType } from '../entity/WithType';
import { CommentFeed } from '../comments';
import { ActionBar } from './ActionBar';
import { BonusesBlock } from './BonusesBlock';
import { MAIN_FIELDS, fieldsOf, mayEdit, otherFields } from './cardFields';
import { ChildrenBlock } from './ChildrenBlock';
import { DeadlineRequest } from './DeadlineRequest';
import { HistoryBlock } from './HistoryBlock';
import { WidgetSlot } from '../integration/widgets/WidgetSlot';
import { InlineField } from './InlineField';
import { KpiBlock } from './KpiBlock';
import { MilestonesBlock } from './MilestonesBlock';
import { NegotiationBlock } from './NegotiationBlock';
import { StatusBadge } from './StatusBadge';
import { TagsBar } from './TagsBar';
import { setFavorite } from './taskApi';
import { EntityPending } from '../entity/EntityPending';

export interface TaskCardPageProps {
  contentType: string;
  id: string;
  /** Shown beside a list: a close button instead of leaving the screen. */
  onClose?(): void;
}

function FavoriteStar({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const on = entity.isFavorite === true;
  const toggle = () =>
    setFavorite({ contentType: entity.contentType, id: String(entity.id) }, !on).catch((err: unknown) =>
      notifications.show({ color: 'red', title: t('task.action.failed'), message: errorText(err, t) }),
    );
  return (
    <ActionIcon variant="subtle" color="yellow" size="lg" aria-label={on ? t('task.card.unfavorite') : t('task.card.favorite')} aria-pressed={on} onClick={toggle} data-testid="task-favorite">
      {on ? <IconStarFilled size={20} /> : <IconStar size={20} />}
    </ActionIcon>
  );
}

function TaskCard({ type, id, onClose }: { type: TypeInfo; id: string; onClose?(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const me = { id: String(session.currentUser.id), isAdmin: session.isAdmin };
  const { entity, state, error, reload } = useEntity(type.name, id);
  const [dirty, setDirty] = useState<Record<string, boolean>>({});
  const [showBlank, setShowBlank] = useState(false);
  const onDirty = useCallback((name: string, d: boolean) => setDirty((prev) => (!!prev[name] === d ? prev : { ...prev, [name]: d })), []);
  useUnsavedChanges(Object.values(dirty).some(Boolean));

  if (!entity) return <EntityPending state={state} error={error} />;

  const title = displayName(entity, t, type.label);
  const nameField = type.fields.find((f) => f.name === 'name');
  const statement = type.fields.find((f) => f.name === 'statement');
  const main = fieldsOf(type, MAIN_FIELDS).filter((f) => !isBlankValue(f.kind, entity[f.name]) || mayEdit(entity, f));
  const other = otherFields(type, entity);
  const fieldGrid = (fields: typeof main) => (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="sm">
      {fields.map((f) => (
        <InlineField key={f.name} entity={entity} field={f} onDirty={onDirty} />
      ))}
    </SimpleGrid>
  );

  return (
    <Stack gap="md" p="md" data-testid="entity-card" data-id={id}>
      {type.name === 'Task' && <WidgetSlot placeholder="task_card_top" entity={entity} />}
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Badge variant="light" color="gray">
              {t('task.card.number', { type: type.label, number: entity.humanNumber ?? entity.id })}
            </Badge>
            <StatusBadge status={entity.status} />
            {entity.isOverdue === true && <Badge color="red">{t('task.card.overdue')}</Badge>}
            {entity.isUrgent === true && <Badge color="orange">{t('task.card.urgent')}</Badge>}
            {entity.isTemplate === true && <Badge color="grape">{t('task.card.template')}</Badge>}
          </Group>
          {nameField ? (
            <InlineField bare entity={entity} field={nameField} onDirty={onDirty} view={<Title order={2} data-testid="entity-title">{title}</Title>} />
          ) : (
            <Title order={2} data-testid="entity-title">{title}</Title>
          )}
          <TagsBar entity={entity} />
        </Stack>
        <Group gap={4} wrap="nowrap">
          <FavoriteStar entity={entity} />
          {onClose && <CloseButton size="lg" aria-label={t('task.card.close')} onClick={onClose} data-testid="task-card-close" />}
        </Group>
      </Group>
      <ActionBar entity={entity} me={me} onGone={() => (onClose ? onClose() : navigate('/task/filter'))} />
      {type.name === 'Task' && <WidgetSlot placeholder="task_card_status" entity={entity} />}
      {isLink(entity.deadlineChangeRequest) && <DeadlineRequest link={{ contentType: entity.deadlineChangeRequest.contentType, id: String(entity.deadlineChangeRequest.id) }} />}
      {entity.isTemplate === true && typeof entity.entitiesByTemplateCount === 'number' && entity.entitiesByTemplateCount > 0 && (
        <Text size="sm" c="dimmed">
          {t('task.template.used', { count: entity.entitiesByTemplateCount })}
        </Text>
      )}
      {fieldGrid(main)}
      {statement && (
        <Stack gap={4}>
          <Title order={5}>{statement.label}</Title>
          <InlineField bare entity={entity} field={statement} onDirty={onDirty} />
        </Stack>
      )}
      {type.name === 'Task' && entity.isNegotiation === true && <NegotiationBlock entity={entity} meId={me.id} onChanged={reload} />}
      <KpiBlock type={type} entity={entity} onDirty={onDirty} />
      <ChildrenBlock entity={entity} />
      {type.fields.some((f) => f.name === 'milestones') && <MilestonesBlock entity={entity} />}
      {type.name === 'Task' && <BonusesBlock entity={entity} onChanged={reload} />}
      {other.filled.length > 0 && fieldGrid(other.filled)}
      {other.blank.length > 0 && (
        <>
          <Button variant="subtle" size="xs" onClick={() => setShowBlank((s) => !s)} style={{ alignSelf: 'flex-start' }} data-testid="task-more-fields">
            {showBlank ? t('task.card.hideBlank') : t('task.card.showBlank', { count: other.blank.length })}
          </Button>
          <Collapse expanded={showBlank}>{showBlank && fieldGrid(other.blank)}</Collapse>
        </>
      )}
      {type.name === 'Task' && <WidgetSlot placeholder="task_card_block" entity={entity} />}
      <Divider />
      <HistoryBlock type={type} entity={entity} />
      <Divider />
      <CommentFeed subject={{ contentType: entity.contentType, id: String(entity.id) }} />
    </Stack>
  );
}

export default function TaskCardPage({ contentType, id, onClose }: TaskCardPageProps) {
  return <WithType contentType={contentType}>{(type) => <TaskCard key={`${type.name}:${id}`} type={type} id={id} onClose={onClose} />}</WithType>;
}
