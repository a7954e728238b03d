// A to-do's actions, as possibleActions offers them: answer an
// invitation (for this to-do or, in a series, this and the later ones),
// finish with a status and a result, cancel, renew, take it, or give it
// to a colleague (docs/todo.md, "Actions").
import { Alert, Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldInfo } from '../../data/catalog';
import type { Entity, Link } from '../../data/types';
import { LinksEditor } from '../../fields/links';
import { todoAction, giveTodo } from './todoApi';

const giveField: FieldInfo = {
  name: 'responsible', kind: 'links', label: '', sortable: false, readOnly: false, required: false, writeOnly: false, targets: ['Employee'],
};
const FINISH = ['finished', 'success', 'fail', 'finish_without_result'];

export default function TodoActions({ todo, onChanged }: { todo: Entity; onChanged(t: Entity): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const [status, setStatus] = useState('finished');
  const [result, setResult] = useState('');
  const [giving, setGiving] = useState<Link[] | null>(null);
  const acts = (todo.possibleActions as string[] | undefined) ?? [];
  const inSeries = Boolean(todo.schedule);
  const id = String(todo.id);
  const run = (p: Promise<Entity>) => {
    setBusy(true);
    setError(null);
    p.then(
      (next) => {
        setBusy(false);
        setFinishing(false);
        setGiving(null);
        onChanged(next);
      },
      (e: unknown) => {
        setBusy(false);
        setError(e instanceof Error ? e.message : String(e));
      },
    );
  };
  const answer = (accept: boolean, later: boolean) =>
    run(todoAction(id, accept ? 'TodoAcceptInvitationActionRequest' : 'TodoRejectInvitationActionRequest', later ? { changeMode: 'changeSequent' } : {}));
  return (
    <Stack gap="xs">
      {error && <Alert color="red">{error}</Alert>}
      <Group justify="flex-end" gap="xs">
        {acts.includes('act_take') && <Button variant="default" loading={busy} onClick={() => run(todoAction(id, 'TodoTakeActionRequest'))}>{t('todo.act.take')}</Button>}
        {acts.includes('act_give') && <Button variant="default" onClick={() => setGiving([])} data-testid="todo-give">{t('todo.act.give')}</Button>}
        {acts.includes('act_renew') && <Button variant="default" loading={busy} onClick={() => run(todoAction(id, 'TodoRenewActionRequest'))} data-testid="todo-renew">{t('todo.act.renew')}</Button>}
        {acts.includes('act_cancel') && (
          <Button variant="default" color="red" loading={busy} onClick={() => window.confirm(t('todo.act.cancelAsk')) && run(todoAction(id, 'TodoCancelActionRequest'))} data-testid="todo-cancel">
            {t('todo.act.cancel')}
          </Button>
        )}
        {acts.includes('act_finish') && <Button variant="light" onClick={() => setFinishing(true)} data-testid="todo-finish">{t('todo.act.finish')}</Button>}
        {acts.includes('act_reject_invite') && (
          <Button variant="default" loading={busy} onClick={() => answer(false, false)} data-testid="todo-reject">{t('todo.invite.reject')}</Button>
        )}
        {acts.includes('act_accept_invite') && (
          <Button loading={busy} onClick={() => answer(true, false)} data-testid="todo-accept">{t('todo.invite.accept')}</Button>
        )}
        {inSeries && acts.includes('act_accept_invite') && (
          <Button variant="light" loading={busy} onClick={() => answer(true, true)} data-testid="todo-accept-later">{t('todo.invite.acceptLater')}</Button>
        )}
      </Group>
      {finishing && (
        <Modal opened onClose={() => setFinishing(false)} title={t('todo.act.finish')}>
          <Stack gap="sm">
            <Select label={t('todo.act.status')} allowDeselect={false} value={status} onChange={(v) => setStatus(v ?? 'finished')}
              data={FINISH.map((s) => ({ value: s, label: t(`todo.status.${s}`) }))} />
            <Textarea label={t('todo.act.result')} value={result} onChange={(e) => setResult(e.currentTarget.value)} autosize minRows={2} />
            <Group justify="flex-end">
              <Button loading={busy} data-testid="todo-finish-save"
                onClick={() => run(todoAction(id, 'TodoFinishActionRequest', { status: { contentType: 'TodoStatus', id: status }, resultText: result.trim() || null }))}>
                {t('todo.act.finish')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {giving && (
        <Modal opened onClose={() => setGiving(null)} title={t('todo.act.give')}>
          <Stack gap="sm">
            <LinksEditor field={giveField} label={t('todo.act.giveTo')} value={giving} onChange={(v) => setGiving((v ?? []).slice(-1))} />
            <Group justify="flex-end">
              <Button loading={busy} disabled={giving.length === 0} onClick={() => run(giveTodo(id, giving[0]))}>{t('todo.act.give')}</Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
