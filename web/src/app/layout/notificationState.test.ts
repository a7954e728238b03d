import { describe, expect, it } from 'vitest';
import { initialBell, parseNotification, reduceBell, userRoute, type BellState } from './notificationState';

const note = (id: string, content = 'Посмотри') => ({
  contentType: 'Notification',
  id,
  type: 'comment',
  content,
  time: { contentType: 'DateTime', value: '2026-11-21T10:00:00Z' },
  sender: { contentType: 'Employee', id: '2' },
  subject: { contentType: 'Task', id: 15 },
  isActive: true,
});

describe('the notification bell', () => {
  it('names the user route of employees and guests', () => {
    expect(userRoute({ contentType: 'Employee', id: '5' })).toBe('user:5');
    expect(userRoute({ contentType: 'ContractorHuman', id: '5' })).toBe('user:c5');
  });

  it('reads a notification and refuses anything else', () => {
    expect(parseNotification(note('7'))).toMatchObject({ id: '7', subject: { contentType: 'Task', id: '15' }, sender: { id: '2' } });
    expect(parseNotification({ contentType: 'Task', id: '1' })).toBeUndefined();
    expect(parseNotification({ contentType: 'Notification', id: '1' })).toBeUndefined();
  });

  it('counts a live notification once, newest first', () => {
    let s: BellState = reduceBell(initialBell, { kind: 'counter', count: 1 });
    s = reduceBell(s, { kind: 'list', items: [parseNotification(note('1'))!] });
    s = reduceBell(s, { kind: 'live', message: note('2', 'Второе') });
    expect(s.count).toBe(2);
    expect(s.items.map((i) => i.id)).toEqual(['2', '1']);
    // Re-sent after a reconnect: the same id changes nothing.
    expect(reduceBell(s, { kind: 'live', message: note('2') })).toBe(s);
    expect(reduceBell(s, { kind: 'live', message: { event: 'other' } })).toBe(s);
  });

  it('takes the counter another tab caused', () => {
    const s = reduceBell({ count: 4, items: [] }, { kind: 'live', message: { contentType: 'Counter', id: 'notification', count: 1 } });
    expect(s.count).toBe(1);
  });

  it('dismisses one or all', () => {
    let s = reduceBell({ count: 2, items: [] }, { kind: 'list', items: [parseNotification(note('1'))!, parseNotification(note('2'))!] });
    s = reduceBell(s, { kind: 'dismissed', id: '1' });
    expect(s).toEqual({ count: 1, items: [expect.objectContaining({ id: '2' })] });
    expect(reduceBell(s, { kind: 'dismissed', id: '9' })).toBe(s);
    expect(reduceBell(s, { kind: 'dismissedAll' })).toEqual({ count: 0, items: [] });
  });
});
