// The form of an entity's writable fields, for creating and for changing:
// the fields that matter first (required ones, and those with a value when
// changing), the rest behind a toggle. Only changed fields are sent; the
// server's field errors show beside their fields, others as a notification.
import { useEffect, useMemo, useState } from 'react';
import { Button, Collapse, Group, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useUnsavedChanges } from '../../app/unsaved';
import type { FieldInfo, TypeInfo } from '../../data/catalog';
import { errorFor, groupErrors, type ErrorGroup } from '../../data/errors';
import { saveEntity } from '../../data/hooks';
import { HttpError } from '../../data/transport';
import type { Entity } from '../../data/types';
import { FieldEdit, fieldKind, isBlankValue } from '../../fields';
import { applyingExtras, type ExtraFieldInfo } from './extraFields';

export interface EntityFormProps {
  type: TypeInfo;
  /** The entity being changed; none to create one. */
  entity?: Entity;
  onSaved(saved: Entity): void;
  onCancel?(): void;
  /** The type's extra fields; those that apply to the entity as edited are shown (extraFields.ts). */
  extras?: ExtraFieldInfo[];
}

/** writableFields: what a form can edit, required ones first. */
export function writableFields(type: TypeInfo): FieldInfo[] {
  const fields = type.fields.filter((f) => !f.readOnly && f.kind !== 'count' && fieldKind(f.kind).editable);
  return [...fields.filter((f) => f.required), ...fields.filter((f) => !f.required)];
}

/** splitFields: shown at once, and behind the "more fields" toggle. */
export function splitFields(fields: FieldInfo[], entity?: Entity): [FieldInfo[], FieldInfo[]] {
  const main = fields.filter((f) => f.required || (entity && !isBlankValue(f.kind, entity[f.name])));
  return [main, fields.filter((f) => !main.includes(f))];
}

// The top-level field an error path names ("contactInfo.0.value" is contactInfo's).
const fieldOfPath = (path: string | null | undefined) => (path ?? '').split('.')[0];

export function EntityForm({ type, entity, onSaved, onCancel, extras }: EntityFormProps) {
  const { t } = useTranslation();
  const [changes, setChanges] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<ErrorGroup>(() => groupErrors([]));
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Entity | null>(null);
  const own = useMemo(() => writableFields(type), [type]);
  const valueOf = (name: string) => (name in changes ? changes[name] : entity?.[name]);
  // Extra fields follow the links being edited: a deal's program's fields
  // appear once its program is chosen.
  const fields = [...own, ...applyingExtras(type, extras ?? [], valueOf)];
  const [main, more] = splitFields(fields, entity);
  const [showMore, setShowMore] = useState(main.length === 0);
  const dirty = Object.keys(changes).length > 0;

  useUnsavedChanges(dirty);
  // Leave only once the form is clean, so the unsaved-changes guard lets us go.
  useEffect(() => {
    if (saved && !dirty) onSaved(saved);
  }, [saved, dirty, onSaved]);

  const change = (name: string, v: unknown) => setChanges((c) => ({ ...c, [name]: v }));

  const submit = async () => {
    setSaving(true);
    try {
      const result = await saveEntity(type.name, entity?.id, changes);
      setErrors(groupErrors([]));
      setChanges({});
      setSaved(result);
    } catch (err) {
      const entries = err instanceof HttpError ? err.errors : [];
      setErrors(groupErrors(entries));
      const names = new Set(fields.map((f) => f.name));
      if (entries.some((e) => more.some((f) => f.name === fieldOfPath(e.field)))) setShowMore(true);
      const elsewhere = entries.filter((e) => !names.has(fieldOfPath(e.field)));
      if (entries.length === 0 || elsewhere.length > 0) {
        notifications.show({
          color: 'red',
          title: t('entity.form.saveFailed'),
          message: elsewhere.length ? elsewhere.map((e) => e.message).join('\n') : errorText(err, t),
        });
      }
    } finally {
      setSaving(false);
    }
  };

  const renderFields = (list: FieldInfo[]) => (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
      {list.map((f) => (
        <FieldEdit key={f.name} field={f} value={valueOf(f.name)} onChange={(v) => change(f.name, v)} error={errorFor(errors, f.name)} disabled={saving} />
      ))}
    </SimpleGrid>
  );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="entity-form"
    >
      <Stack gap="md">
        {main.length > 0 && renderFields(main)}
        {more.length > 0 && (
          <>
            <Button variant="subtle" size="xs" onClick={() => setShowMore((s) => !s)} style={{ alignSelf: 'flex-start' }} data-testid="entity-form-more">
              {showMore ? t('entity.form.lessFields') : t('entity.form.moreFields', { count: more.length })}
            </Button>
            <Collapse expanded={showMore}>{showMore && renderFields(more)}</Collapse>
          </>
        )}
        <Group gap="xs">
          <Button type="submit" loading={saving} disabled={!dirty && !!entity} data-testid="save-button">
            {t('entity.form.save')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {t('entity.form.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
