// The create form of a task or project: the fields work starts with (name,
// responsible, deadline, description, people, parent); the rest are
// changed on the card. Field errors show beside their fields.
import { useEffect, useState } from 'react';
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useUnsavedChanges } from '../../app/unsaved';
import type { TypeInfo } from '../../data/catalog';
import { errorFor, groupErrors, type ErrorGroup } from '../../data/errors';
import { saveEntity } from '../../data/hooks';
import { HttpError } from '../../data/transport';
import type { Entity } from '../../data/types';
import { FieldEdit } from '../../fields';
import { fieldsOf } from './cardFields';

const CREATE_FIELDS = ['name', 'responsible', 'deadline', 'statement', 'executors', 'auditors', 'parent', 'contractor', 'isUrgent'];

export function TaskForm({ type, onSaved }: { type: TypeInfo; onSaved(e: Entity): void }) {
  const { t } = useTranslation();
  const [changes, setChanges] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<ErrorGroup>(() => groupErrors([]));
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Entity | null>(null);
  const fields = fieldsOf(type, CREATE_FIELDS).filter((f) => !f.readOnly);
  const dirty = Object.keys(changes).length > 0;
  useUnsavedChanges(dirty);
  // Leave once the form is clean, so the unsaved-changes guard lets us go.
  useEffect(() => {
    if (saved && !dirty) onSaved(saved);
  }, [saved, dirty, onSaved]);

  const submit = async () => {
    setSaving(true);
    try {
      const result = await saveEntity(type.name, undefined, changes);
      setChanges({});
      setSaved(result);
    } catch (err) {
      const entries = err instanceof HttpError ? err.errors : [];
      setErrors(groupErrors(entries));
      const elsewhere = entries.filter((e) => !fields.some((f) => f.name === (e.field ?? '').split('.')[0]));
      if (entries.length === 0 || elsewhere.length > 0) {
        notifications.show({ color: 'red', title: t('task.form.failed'), message: elsewhere.length ? elsewhere.map((e) => e.message).join('\n') : errorText(err, t) });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      data-testid="entity-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
          {fields.map((f) => (
            <FieldEdit key={f.name} field={f} value={changes[f.name]} onChange={(v) => setChanges((c) => ({ ...c, [f.name]: v }))} error={errorFor(errors, f.name)} disabled={saving} />
          ))}
        </SimpleGrid>
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }} data-testid="save-button">
          {t('task.form.create')}
        </Button>
      </Stack>
    </form>
  );
}
