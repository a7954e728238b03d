// A field of a card, changed where it stands: its value, a pencil when the
// reader may change it, and then its kind's editor with save and cancel.
// Only that field is sent; the server's message shows under it.
import { useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Box, Button, Group, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { FieldInfo } from '../../data/catalog';
import { errorFor, groupErrors } from '../../data/errors';
import { saveEntity } from '../../data/hooks';
import { HttpError } from '../../data/transport';
import type { Entity } from '../../data/types';
import { fieldKind, isEmptyValue } from '../../fields';
import { mayEdit } from './cardFields';

interface Props {
  entity: Entity;
  field: FieldInfo;
  /** Hears whether an edit is open with a changed value (the card asks before leaving). */
  onDirty(name: string, dirty: boolean): void;
  /** Hide the label (a title, a description block with its own heading). */
  bare?: boolean;
  /** Shown instead of the kind's display (the card's title). */
  view?: ReactNode;
}

export function InlineField({ entity, field, onDirty, bare, view }: Props) {
  const { t } = useTranslation();
  const { Display, Editor } = fieldKind(field.kind);
  const [draft, setDraft] = useState<{ value: unknown } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const editable = mayEdit(entity, field);
  const value = entity[field.name];
  const dirty = draft !== null && draft.value !== value;

  useEffect(() => {
    onDirty(field.name, dirty);
    return () => onDirty(field.name, false);
  }, [dirty, field.name, onDirty]);

  const save = async () => {
    if (!draft) return;
    if (!dirty) {
      setDraft(null);
      return;
    }
    setSaving(true);
    try {
      await saveEntity(entity.contentType, String(entity.id), { [field.name]: draft.value });
      setDraft(null);
      setError(undefined);
    } catch (err) {
      const own = err instanceof HttpError ? errorFor(groupErrors(err.errors), field.name) : undefined;
      setError(own ?? errorText(err, t));
    } finally {
      setSaving(false);
    }
  };

  if (draft) {
    return (
      <Box data-testid={`field-${field.name}`}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Editor value={draft.value} onChange={(v) => setDraft({ value: v })} field={field} error={error} disabled={saving} />
          <Group gap="xs" mt={6}>
            <Button size="xs" type="submit" loading={saving} data-testid="save-button">
              {t('task.card.save')}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={saving}
              onClick={() => {
                setDraft(null);
                setError(undefined);
              }}
            >
              {t('task.card.cancel')}
            </Button>
          </Group>
        </form>
      </Box>
    );
  }

  return (
    <Box data-testid={`field-${field.name}`}>
      {!bare && (
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {field.label}
          </Text>
          {editable && (
            <ActionIcon size="xs" variant="subtle" color="gray" aria-label={t('task.card.editField', { field: field.label })} onClick={() => setDraft({ value })} data-testid={`edit-${field.name}`}>
              <IconPencil size={12} />
            </ActionIcon>
          )}
        </Group>
      )}
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Box fz="sm" style={{ flex: 1, minWidth: 0 }}>
          {view ?? (isEmptyValue(value) ? (
            <Text size="sm" c="dimmed">
              {t('task.card.empty')}
            </Text>
          ) : (
            <Display value={value} field={field} />
          ))}
        </Box>
        {bare && editable && (
          <ActionIcon size="sm" variant="subtle" color="gray" aria-label={t('task.card.editField', { field: field.label })} onClick={() => setDraft({ value })} data-testid={`edit-${field.name}`}>
            <IconPencil size={14} />
          </ActionIcon>
        )}
      </Group>
    </Box>
  );
}
