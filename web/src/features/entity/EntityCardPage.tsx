// The generic card of any entity: every readable field by its kind, links as
// names, collections with their counts; an edit mode and deletion.
import { useCallback, useState } from 'react';
import { Anchor, Badge, Button, Collapse, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { listPath } from '../../app/paths';
import { errorText } from '../../app/errors/errorText';
import type { FieldInfo, TypeInfo } from '../../data/catalog';
import { deleteEntity, useEntity } from '../../data/hooks';
import type { Entity } from '../../data/types';
import { FieldView, isBlankValue } from '../../fields';
import { displayName } from '../../format/displayName';
import { can } from '../../format/rights';
import { EntityForm } from './EntityForm';
import { WithType } from './WithType';
import { EntityPending } from './EntityPending';

export interface EntityCardPageProps {
  contentType: string;
  id: string;
}

/**
 * cardFields: readable fields worth a line (computed ones last), and the
 * blank ones. A count is left out when its collection is shown with it.
 */
export function cardFields(type: TypeInfo, entity: Entity): [FieldInfo[], FieldInfo[]] {
  const readable = type.fields.filter((f) => !f.writeOnly);
  const shownCollections = new Set(readable.filter((f) => f.kind === 'links' && Array.isArray(entity[f.name])).map((f) => f.name));
  const fields = readable.filter((f) => !(f.kind === 'count' && f.countOf && shownCollections.has(f.countOf)));
  const filled = fields.filter((f) => !isBlankValue(f.kind, entity[f.name]));
  const blank = fields.filter((f) => !filled.includes(f));
  return [[...filled.filter((f) => f.kind !== 'computed'), ...filled.filter((f) => f.kind === 'computed')], blank];
}

function EntityCard({ type, id }: { type: TypeInfo; id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entity, state, error, reload } = useEntity(type.name, id);
  const [editing, setEditing] = useState(false);
  const [showEmpty, setShowEmpty] = useState(false);
  const onSaved = useCallback(() => {
    setEditing(false);
    reload();
  }, [reload]);

  if (!entity) return <EntityPending state={state} error={error} />;

  const title = displayName(entity, t, type.label);
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('entity.card.deleteTitle'),
      children: <Text size="sm">{t('entity.card.deleteText', { name: title })}</Text>,
      labels: { confirm: t('entity.card.delete'), cancel: t('entity.form.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'delete-confirm' } as Record<string, unknown>,
      onConfirm: async () => {
        try {
          await deleteEntity({ contentType: type.name, id });
          notifications.show({ color: 'green', message: t('entity.card.deleted', { name: title }) });
          navigate(listPath(type.name));
        } catch (err) {
          notifications.show({ color: 'red', title: t('entity.card.deleteFailed'), message: errorText(err, t) });
        }
      },
    });

  const [filled, empty] = cardFields(type, entity);
  const view = (fields: FieldInfo[]) => (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="sm">
      {fields.map((f) => (
        <FieldView key={f.name} field={f} value={entity[f.name]} count={f.kind === 'links' && Array.isArray(entity[f.name]) ? (entity[f.name] as unknown[]).length : undefined} />
      ))}
    </SimpleGrid>
  );

  return (
    <Stack gap="md" p="md" data-testid="entity-card">
      <Anchor component={RouterLink} to={listPath(type.name)} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {type.label}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Title order={2} data-testid="entity-title">{title}</Title>
          <Badge variant="light" color="gray">{`${type.label} #${entity.id}`}</Badge>
        </Stack>
        {!editing && (
          <Group gap="xs" wrap="nowrap">
            {can(entity, 'edit') && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} data-testid="entity-edit">
                {t('entity.card.edit')}
              </Button>
            )}
            {can(entity, 'remove') && (
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={confirmDelete} data-testid="entity-delete">
                {t('entity.card.delete')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {editing ? (
        <EntityForm type={type} entity={entity} onSaved={onSaved} onCancel={() => setEditing(false)} />
      ) : (
        <>
          {view(filled)}
          {empty.length > 0 && (
            <>
              <Button variant="subtle" size="xs" onClick={() => setShowEmpty((s) => !s)} style={{ alignSelf: 'flex-start' }}>
                {showEmpty ? t('entity.card.hideEmpty') : t('entity.card.showEmpty', { count: empty.length })}
              </Button>
              <Collapse expanded={showEmpty}>{showEmpty && view(empty)}</Collapse>
            </>
          )}
        </>
      )}
    </Stack>
  );
}

export default function EntityCardPage({ contentType, id }: EntityCardPageProps) {
  return <WithType contentType={contentType}>{(type) => <EntityCard key={`${type.name}:${id}`} type={type} id={id} />}</WithType>;
}
