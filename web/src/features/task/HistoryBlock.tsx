// The journal of a task's or project's changes (GET /task/{id}/history):
// who changed which field from what to what, newest first, the values
// shown by their field kinds' displays, a collection's change as the
// links added and removed, named the way the card names links. It
// reloads when the card's record changes, so the card's own edits appear
// at once. Lines are made in historyLines.ts.
import { Fragment, useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { api } from '../../data/api';
import { typeEndpoint, type FieldInfo, type TypeInfo } from '../../data/catalog';
import type { Entity, Link } from '../../data/types';
import { fieldKind } from '../../fields';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { historyLines, type ExtraFieldInfo, type FieldChange, type HistoryLine } from './historyLines';

const PAGE = 20;

const timeField: FieldInfo = { name: 'timeCreated', kind: 'DateTime', label: '', sortable: false, readOnly: true, required: false, writeOnly: false };

function Value({ field, value }: { field: FieldInfo; value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return <Text span c="dimmed">{t('task.history.empty')}</Text>;
  const { Display } = fieldKind(field.kind);
  return <Display value={value} field={field} compact />;
}

function Names({ links }: { links: Link[] }) {
  return (
    <>
      {links.map((l, i) => (
        <Fragment key={`${l.contentType}:${l.id}`}>
          <LinkName link={l} />
          {i < links.length - 1 ? ', ' : ''}
        </Fragment>
      ))}
    </>
  );
}

function Change({ line }: { line: HistoryLine }) {
  const { t } = useTranslation();
  switch (line.kind) {
    case 'created':
      return <Text size="sm">{t('task.history.created')}</Text>;
    case 'value':
      return (
        <>
          <Text size="sm">{t('task.history.changed', { field: line.field.label })}</Text>
          <Value field={line.field} value={line.oldValue} />
          <Text span>→</Text>
          <Value field={line.field} value={line.newValue} />
        </>
      );
    case 'links':
      return (
        <>
          <Text size="sm">{t('task.history.changed', { field: line.field.label })}</Text>
          {line.added.length > 0 && (
            <Text size="sm" data-testid="task-history-added">
              {t('task.history.added')} <Names links={line.added} />
            </Text>
          )}
          {line.added.length > 0 && line.removed.length > 0 && <Text span>/</Text>}
          {line.removed.length > 0 && (
            <Text size="sm" data-testid="task-history-removed">
              {t('task.history.removed')} <Names links={line.removed} />
            </Text>
          )}
        </>
      );
  }
}

function ChangeRow({ line }: { line: HistoryLine }) {
  const { t } = useTranslation();
  const Time = fieldKind('DateTime').Display;
  return (
    <Group gap="xs" wrap="wrap" fz="sm" data-testid="task-history-row" data-field={line.kind === 'created' ? '' : line.field.name}>
      <Text size="xs" c="dimmed">
        <Time value={line.time} field={timeField} compact />
      </Text>
      <Text size="sm" fw={600}>
        {isLink(line.author) ? <LinkName link={line.author} /> : t('task.history.system')}
      </Text>
      <Change line={line} />
    </Group>
  );
}

export function HistoryBlock({ type, entity }: { type: TypeInfo; entity: Entity }) {
  const { t } = useTranslation();
  const [changes, setChanges] = useState<FieldChange[]>([]);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<unknown>();
  const [extras, setExtras] = useState<ExtraFieldInfo[]>([]);
  const endpoint = typeEndpoint(entity.contentType);
  const path = `${endpoint}/${entity.id}/history`;
  // The account's own fields are labelled by their definitions; without
  // them a change still shows, under the field's name.
  useEffect(() => {
    let live = true;
    api.get<ExtraFieldInfo[]>(`${endpoint}/extraFields`, undefined, { batch: false }).then(
      (env) => live && setExtras(Array.isArray(env.data) ? env.data : []),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [endpoint]);
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
  const lines = useMemo(() => historyLines(changes, type, extras), [changes, type, extras]);

  return (
    <Stack gap={6} data-testid="task-history">
      <Title order={5}>{t('task.history.title')}</Title>
      {error !== undefined && <Alert color="red">{errorText(error, t)}</Alert>}
      {changes.length === 0 && error === undefined && (
        <Text size="sm" c="dimmed">
          {t('task.history.none')}
        </Text>
      )}
      {lines.map((line) => (
        <ChangeRow key={line.id} line={line} />
      ))}
      {more && (
        <Button variant="subtle" size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => void load(changes[changes.length - 1]?.id)} data-testid="task-history-more">
          {t('task.history.more')}
        </Button>
      )}
    </Stack>
  );
}
