// The negotiation block of a task with isNegotiation (docs/tasks.md,
// "Negotiation (visas)"): each item's actual version with its status and
// visas; the approvers approve or reject it, who may change the task adds
// items and versions. The server decides everything; after each call the
// block and the task (its counts and decision) are read again.
import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Entity, Link } from '../../data/types';
import { LinkName, isLink } from '../../fields/link/LinkName';
import { actionsOf } from './machine';
import { decisionKey, isApprover, myVisa, statusColor, statusKey, visaStatus } from './negotiation';
import { addNegotiationItem, addNegotiationVersion, giveVisa, negotiationItems } from './taskApi';

type Row = Awaited<ReturnType<typeof negotiationItems>>[number];

function ItemCard({ row, judge, edit, meId, run }: { row: Row; judge: boolean; edit: boolean; meId: string; run(fn: () => Promise<void>): Promise<boolean> }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [next, setNext] = useState('');
  const link: Link = { contentType: 'NegotiationItem', id: String(row.item.id) };
  const status = visaStatus(row.version?.status);
  const mine = myVisa(row.visas, meId);
  const visa = async (ok: boolean) => {
    if (await run(() => giveVisa(link, ok, comment))) setComment('');
  };
  return (
    <Paper withBorder p="xs" data-testid="task-negotiation-item">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="task-negotiation-text">
            {typeof row.version?.text === 'string' ? row.version.text : ''}
          </Text>
          <Badge size="sm" color={statusColor(status)} data-testid="task-negotiation-status">
            {t(statusKey(status))}
          </Badge>
        </Group>
        {row.visas.map((v) => (
          <Group key={v.id} gap="xs" wrap="nowrap" data-testid="task-negotiation-visa">
            <Badge size="xs" variant="outline" color={statusColor(visaStatus(v.status))}>
              {t(statusKey(visaStatus(v.status)))}
            </Badge>
            {isLink(v.userCreated) && (
              <Text size="xs">
                <LinkName link={v.userCreated} />
              </Text>
            )}
          </Group>
        ))}
        {judge && (
          <Group gap="xs" align="flex-end">
            <TextInput size="xs" style={{ flex: 1 }} placeholder={t('task.negotiation.comment')} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
            <Button size="xs" color="green" variant={mine === 'ok' ? 'filled' : 'light'} onClick={() => visa(true)} data-testid="task-negotiation-approve">
              {t('task.negotiation.approve')}
            </Button>
            <Button size="xs" color="red" variant={mine === 'bad' ? 'filled' : 'light'} onClick={() => visa(false)} data-testid="task-negotiation-reject">
              {t('task.negotiation.reject')}
            </Button>
          </Group>
        )}
        {edit && (
          <Group gap="xs" align="flex-end">
            <Textarea size="xs" style={{ flex: 1 }} autosize minRows={1} placeholder={t('task.negotiation.versionText')} value={next} onChange={(e) => setNext(e.currentTarget.value)} />
            <Button size="xs" variant="subtle" disabled={!next.trim()} onClick={async () => (await run(() => addNegotiationVersion(link, next.trim()))) && setNext('')} data-testid="task-negotiation-add-version">
              {t('task.negotiation.addVersion')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function NegotiationBlock({ entity, meId, onChanged }: { entity: Entity; meId: string; onChanged(): void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>([]);
  const [text, setText] = useState('');
  const taskId = String(entity.id);
  const task: Link = { contentType: 'Task', id: taskId };
  const load = useCallback(() => {
    negotiationItems({ contentType: 'Task', id: taskId }).then(setRows, (err) => notifications.show({ color: 'red', title: t('task.negotiation.failed'), message: errorText(err, t) }));
  }, [taskId, t]);
  useEffect(load, [load]);
  const run = async (fn: () => Promise<void>) => {
    try {
      await fn();
      return true;
    } catch (err) {
      notifications.show({ color: 'red', title: t('task.negotiation.failed'), message: errorText(err, t) });
      return false;
    } finally {
      load();
      onChanged();
    }
  };
  const edit = actionsOf(entity).includes('act_edit');
  const judge = isApprover(entity, meId);
  return (
    <Stack gap={6} data-testid="task-negotiation">
      <Group gap="xs">
        <Title order={5}>{t('task.negotiation.title')}</Title>
        <Badge size="sm" variant="light" color={entity.decision === true ? 'green' : entity.decision === false ? 'red' : 'gray'} data-testid="task-negotiation-decision">
          {t(decisionKey(entity.decision))}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('task.negotiation.counts', { ok: entity.visaOkCount ?? 0, bad: entity.visaBadCount ?? 0, should: entity.shouldVisasCount ?? 0 })}
        </Text>
      </Group>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('task.negotiation.empty')}
        </Text>
      )}
      {rows.map((row) => (
        <ItemCard key={row.item.id} row={row} judge={judge && !!row.version} edit={edit} meId={meId} run={run} />
      ))}
      {edit && (
        <Group gap="xs" align="flex-end">
          <Textarea size="xs" style={{ flex: 1 }} autosize minRows={1} placeholder={t('task.negotiation.itemText')} value={text} onChange={(e) => setText(e.currentTarget.value)} data-testid="task-negotiation-new-text" />
          <Button size="xs" disabled={!text.trim()} onClick={async () => (await run(() => addNegotiationItem(task, text.trim()))) && setText('')} data-testid="task-negotiation-add-item">
            {t('task.negotiation.addItem')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
