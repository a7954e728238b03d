// The card's action buttons: the act_* its possibleActions offers, in the
// order work goes, each labelled; destructive ones ask first (with room
// for a comment where the other side should hear why), delegation picks an
// employee, a deadline change takes a date. Templates make work, work
// makes templates.
import { useState } from 'react';
import { Button, Group, Menu, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCalendarDue, IconCopy, IconDots, IconTemplate } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardPath } from '../../app/paths';
import { errorText } from '../../app/errors/errorText';
import { deleteEntity } from '../../data/hooks';
import type { Entity, Link } from '../../data/types';
import { actionLabel } from './labels';
import { actionsOf, type Me } from './machine';
import { DeadlineModal, DelegateModal } from './ActionModals';
import { changeDeadline, cloneOf, convert, doAction } from './taskApi';

// Buttons in the order the work goes; the rest sit in the "more" menu.
const BUTTONS = [
  'act_accept_task', 'act_takeup', 'act_done', 'act_accept_work', 'act_reject_work', 'act_resume', 'act_pause',
  'act_accept_deadline', 'act_reject_deadline', 'act_delegate', 'act_renew', 'act_reject_task',
];
const MENU = ['act_cancel', 'act_expire', 'act_convert', 'act_delete'];
// Asked first; the reasons of these go to the comments as the action's text.
const WITH_REASON = new Set(['act_reject_task', 'act_reject_work', 'act_cancel']);
const CONFIRM = new Set([...WITH_REASON, 'act_expire', 'act_convert', 'act_delete']);

function linkIs(v: unknown, me: Me): boolean {
  return typeof v === 'object' && v !== null && (v as Link).contentType === 'Employee' && String((v as Link).id) === me.id;
}

/** deadlineRole: who the reader is for the deadline (spec: owner moves it, responsible and executors ask). */
export function deadlineRole(e: Entity, me: Me): 'owner' | 'asker' | undefined {
  if (me.isAdmin || linkIs(e.owner, me)) return 'owner';
  const executors = Array.isArray(e.executors) ? e.executors : [];
  if (linkIs(e.responsible, me) || executors.some((x) => linkIs(x, me))) return 'asker';
  return undefined;
}

export function ActionBar({ entity, me, onGone }: { entity: Entity; me: Me; onGone(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'delegate' | 'deadline' | null>(null);
  const link = { contentType: entity.contentType, id: String(entity.id) };
  const offered = actionsOf(entity);
  const closed = ['completed', 'cancelled', 'expired'].includes(String(entity.status));
  const role = entity.isTemplate || closed ? undefined : deadlineRole(entity, me);

  const run = async (key: string, work: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await work();
    } catch (err) {
      notifications.show({ color: 'red', title: t('task.action.failed'), message: errorText(err, t) });
    } finally {
      setBusy(null);
    }
  };

  const perform = (action: string, text?: string) =>
    run(action, async () => {
      if (action === 'act_delete') {
        await deleteEntity(link);
        onGone();
      } else if (action === 'act_convert') {
        navigate(cardPath(await convert(link)));
      } else {
        await doAction(link, action, { text });
      }
    });

  const ask = (action: string) => {
    if (action === 'act_delegate') return setDialog('delegate');
    if (!CONFIRM.has(action)) return void perform(action);
    let reason = '';
    modals.openConfirmModal({
      title: actionLabel(action, t, entity.contentType),
      children: WITH_REASON.has(action) ? (
        <Textarea label={t('task.action.reason')} autosize minRows={2} onChange={(e) => (reason = e.currentTarget.value)} data-testid="task-action-reason" />
      ) : (
        t('task.action.sure')
      ),
      labels: { confirm: actionLabel(action, t, entity.contentType), cancel: t('task.card.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'task-action-confirm' } as Record<string, unknown>,
      onConfirm: () => void perform(action, reason),
    });
  };

  const makeCopy = (isTemplate: boolean) =>
    run(isTemplate ? 'toTemplate' : 'fromTemplate', async () => {
      const copy = await cloneOf(link, isTemplate);
      const l = { contentType: copy.contentType, id: String(copy.id) };
      navigate(isTemplate ? `/${l.contentType === 'Project' ? 'project' : 'task'}/${l.id}/template` : cardPath(l));
    });

  const menu = MENU.filter((a) => offered.includes(a));
  return (
    <Group gap="xs" data-testid="task-actions">
      {BUTTONS.filter((a) => offered.includes(a)).map((a) => (
        <Button key={a} size="xs" variant={a === 'act_reject_task' ? 'default' : 'light'} loading={busy === a} onClick={() => ask(a)} data-testid={`task-action-${a}`}>
          {actionLabel(a, t, entity.contentType)}
        </Button>
      ))}
      {role && (
        <Button size="xs" variant="default" leftSection={<IconCalendarDue size={14} />} onClick={() => setDialog('deadline')} data-testid="task-change-deadline">
          {role === 'owner' ? t('task.deadline.change') : t('task.deadline.ask')}
        </Button>
      )}
      {entity.isTemplate === true && (
        <Button size="xs" leftSection={<IconCopy size={14} />} loading={busy === 'fromTemplate'} onClick={() => makeCopy(false)} data-testid="task-from-template">
          {t('task.template.create')}
        </Button>
      )}
      {(entity.isTemplate !== true || menu.length > 0) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="subtle" color="gray" leftSection={<IconDots size={14} />} data-testid="task-more" loading={busy !== null && (MENU.includes(busy) || busy === 'toTemplate')}>
              {t('task.action.more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {entity.isTemplate !== true && (
              <Menu.Item leftSection={<IconTemplate size={14} />} onClick={() => makeCopy(true)} data-testid="task-to-template">
                {t('task.template.make')}
              </Menu.Item>
            )}
            {menu.map((a) => (
              <Menu.Item key={a} color={a === 'act_convert' ? undefined : 'red'} onClick={() => ask(a)} data-testid={`task-action-${a}`}>
                {actionLabel(a, t, entity.contentType)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {dialog === 'delegate' && (
        <DelegateModal
          onClose={() => setDialog(null)}
          onSubmit={(responsible, text) => run('act_delegate', () => doAction(link, 'act_delegate', { responsible, text }))}
        />
      )}
      {dialog === 'deadline' && (
        <DeadlineModal
          asking={role === 'asker'}
          current={entity.deadline}
          onClose={() => setDialog(null)}
          onSubmit={(deadline, request) => run('deadline', () => changeDeadline(link, deadline, request))}
        />
      )}
    </Group>
  );
}
