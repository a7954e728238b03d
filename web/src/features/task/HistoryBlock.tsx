// The journal of a task's or project's changes (GET /task/{id}/history):
// who changed which field from what to what, newest first, the values
// shown by their field kinds' displays. It reloads when the card's record
// changes, so the card's own edits appear at once.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { api } from '../../data/api';
import { typeEndpoint, type FieldInfo, type TypeInfo } from '../../data/catalog';
import type { Entity } from '../../data/types';
import { fieldKind } from '../../fields';
import { LinkName, isLink } from '../../fields/link/LinkName';

const PAGE = 20;

interface FieldChange {
  id: string;
  field: string | null;
  oldValue: unknown;
  newValue: unknown;
  author: unknown;
  timeCreated: unknown;
}

const timeField: FieldInfo = { name: 'timeCreated', kind: 'DateTime', label: '', sortable: false, readOnly: true, required: false, writeOnly: false };

function Value({ field, value }: { field: FieldInfo; value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return <Text span c="dimmed">{t('task.history.empty')}</Text>;
  const { Display } = fieldKind(field.kind);
  return <Display value={value} field={field} compact />;
}

function ChangeRow({ type, change }: { type: TypeInfo; change: FieldChange }) {
  const { t } = useTranslation();
  const Time = fieldKind('DateTime').Display;
  const field = change.field ? (type.fields.find((f) => f.name === change.field) ?? { ...timeField, name: change.field, kind: 'object', label: change.field }) : null;
  return (
    <Group gap="xs" wrap="wrap" fz="sm" data-testid="task-history-row" data-field={change.field ?? ''}>
      <Text size="xs" c="dimmed">
        <Time value={change.timeCreated} field={timeField} compact />
      </Text>
      <Text size="sm" fw={600}>
        {isLink(change.author) ? <LinkName link={change.author} /> : t('task.history.system')}
      </Text>
      {field ? (
        <>
          <Text size="sm">{t('task.history.changed', { field: field.label })}</Text>
          <Value field={field} value={change.oldValue} />
          <Text span>→</Text>
          <Value field={field} value={change.newValue} />
        </>
      ) : (
        <Text size="sm">{t('task.history.created')}</Text>
      )}
    </Group>
  );
}

export function HistoryBlock({ type, entity }: { type: TypeInfo; entity: Entity }) {
  const { t } = useTranslation();
  const [changes, setChanges] = useState<FieldChange[]>([]);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<unknown>();
  const path = `${typeEndpoint(entity.contentType)}/${entity.id}/history`;
  const load = useCallback(
    (after?: string) =>
      api.get<FieldChange[]>(path, after ? { limit: PAGE, pageAfter: after } : { limit: PAGE }, { batch: false }).then(
        (env) => {
          const page = Array.isArray(env.data) ? env.data : [];
          setChanges((prev) => (after ? [...prev, ...page] : page));
          setMore(env.meta.pagination?.hasMoreNext === true);
          setError(undefined);
        },
        (err: unknown) => setError(err),
      ),
    [path],
  );
  // Any save of the record (its timeUpdated moves) may have added rows.
  const version = JSON.stringify([entity.timeUpdated, entity.status]);
  useEffect(() => {
    void load();
  }, [load, version]);

  return (
    <Stack gap={6} data-testid="task-history">
      <Title order={5}>{t('task.history.title')}</Title>
      {error !== undefined && <Alert color="red">{errorText(error, t)}</Alert>}
      {changes.length === 0 && error === undefined && (
        <Text size="sm" c="dimmed">
          {t('task.history.none')}
        </Text>
      )}
      {changes.map((c) => (
        <ChangeRow key={c.id} type={type} change={c} />
      ))}
      {more && (
        <Button variant="subtle" size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => void load(changes[changes.length - 1]?.id)} data-testid="task-history-more">
          {t('task.history.more')}
        </Button>
      )}
    </Stack>
  );
}
