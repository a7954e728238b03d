import { describe, expect, it } from 'vitest';
import type { Entity } from '../../data/types';
import { dropAction, resultStatus, type Me } from './machine';

const emp = (id: string) => ({ contentType: 'Employee', id });
const owner: Me = { id: '1', isAdmin: false };
const worker: Me = { id: '2', isAdmin: false };

function task(status: string, possibleActions: string[], extra: Partial<Entity> = {}): Entity {
  return { contentType: 'Task', id: '7', status, owner: emp('1'), responsible: emp('2'), possibleActions, ...extra };
}

describe('dropAction', () => {
  it('accepts an assigned task dropped on accepted by its responsible', () => {
    const t = task('assigned', ['act_read', 'act_edit', 'act_delegate', 'act_accept_task', 'act_reject_task']);
    expect(dropAction(t, 'accepted', worker)).toBe('act_accept_task');
    expect(dropAction(t, 'rejected', worker)).toBe('act_reject_task');
  });

  it('hands in the work (done) for the responsible, closes it (completed) for the owner', () => {
    const forWorker = task('accepted', ['act_done', 'act_pause']);
    expect(dropAction(forWorker, 'done', worker)).toBe('act_done');
    expect(dropAction(forWorker, 'completed', worker)).toBeUndefined();
    const forOwner = task('accepted', ['act_done', 'act_pause', 'act_cancel', 'act_expire']);
    expect(dropAction(forOwner, 'completed', owner)).toBe('act_done');
    expect(dropAction(forOwner, 'done', owner)).toBeUndefined();
  });

  it('a task of one\'s own goes straight to completed', () => {
    const own = task('accepted', ['act_done'], { responsible: emp('1') });
    expect(dropAction(own, 'completed', owner)).toBe('act_done');
    expect(dropAction(own, 'done', owner)).toBeUndefined();
  });

  it('the owner accepts or returns handed-in work', () => {
    const t = task('done', ['act_accept_work', 'act_reject_work', 'act_cancel']);
    expect(dropAction(t, 'completed', owner)).toBe('act_accept_work');
    expect(dropAction(t, 'accepted', owner)).toBe('act_reject_work');
    expect(dropAction(t, 'cancelled', owner)).toBe('act_cancel');
  });

  it('pauses and resumes', () => {
    expect(dropAction(task('accepted', ['act_pause']), 'delayed', worker)).toBe('act_pause');
    expect(dropAction(task('delayed', ['act_resume']), 'accepted', worker)).toBe('act_resume');
  });

  it('renews to assigned, or to accepted when the responsible is the owner, or created without one', () => {
    expect(dropAction(task('completed', ['act_renew']), 'assigned', owner)).toBe('act_renew');
    expect(dropAction(task('completed', ['act_renew']), 'accepted', owner)).toBeUndefined();
    expect(dropAction(task('completed', ['act_renew'], { responsible: emp('1') }), 'accepted', owner)).toBe('act_renew');
    expect(dropAction(task('cancelled', ['act_renew'], { responsible: null }), 'created', owner)).toBe('act_renew');
    expect(dropAction({ ...task('completed', ['act_renew']), contentType: 'Project' }, 'accepted', owner)).toBe('act_renew');
  });

  it('takes up a created task', () => {
    expect(dropAction(task('created', ['act_takeup'], { responsible: null }), 'accepted', { id: '3', isAdmin: false })).toBe('act_takeup');
  });

  it('refuses what the table or the rights do not allow', () => {
    // Not offered: the worker may not cancel.
    expect(dropAction(task('accepted', ['act_done', 'act_pause']), 'cancelled', worker)).toBeUndefined();
    // No action leads from accepted to rejected or to created.
    expect(dropAction(task('accepted', ['act_done', 'act_pause', 'act_cancel']), 'rejected', owner)).toBeUndefined();
    expect(dropAction(task('accepted', ['act_cancel']), 'created', owner)).toBeUndefined();
    // Delegation needs a person, not a drop.
    expect(dropAction(task('accepted', ['act_delegate']), 'assigned', owner)).toBeUndefined();
    // The column it is already in.
    expect(dropAction(task('accepted', ['act_pause']), 'accepted', owner)).toBeUndefined();
  });
});

describe('resultStatus', () => {
  it('keeps the status for actions that are not moves', () => {
    for (const a of ['act_delegate', 'act_convert', 'act_accept_deadline', 'act_delete']) expect(resultStatus(task('accepted', []), a, owner)).toBeUndefined();
  });
});
