import { describe, expect, it } from 'vitest';
import { canEditPeople, withoutPerson, withPerson, type Chat, type Message } from './chatApi';
import { otherSide } from './ChatList';
import { merged } from './ChatView';

const msg = (id: string, extra: Partial<Message> = {}): Message => ({ contentType: 'Comment', id, content: id, ...extra });

describe('merged', () => {
  it('keeps messages oldest first by id, replaces edits, drops deleted ones', () => {
    const list = [msg('10'), msg('12')];
    expect(merged(list, [msg('9'), msg('11')]).map((m) => m.id)).toEqual(['9', '10', '11', '12']);
    expect(merged(list, [msg('12', { content: 'правка' })])[1].content).toBe('правка');
    expect(merged(list, [msg('10', { isDropped: true })]).map((m) => m.id)).toEqual(['12']);
  });
});

describe('otherSide', () => {
  const me = { contentType: 'Employee', id: '1' };
  const lev = { contentType: 'Employee', id: '2' };
  it('names a dialogue by the other person, whoever started it', () => {
    const chat: Chat = { contentType: 'Topic', id: '5', isPrivate: true, isDiscussable: false, owner: lev, visavis: me, participants: [lev, me] };
    expect(otherSide(chat, me)).toEqual(lev);
    expect(otherSide({ ...chat, owner: me, visavis: lev }, me)).toEqual(lev);
  });
  it('gives nothing for a group chat', () => {
    expect(otherSide({ contentType: 'Topic', id: '6', isDiscussable: true, participants: [lev, me] }, me)).toBeNull();
  });
});

describe('participants editing', () => {
  const ann = { contentType: 'Employee', id: '3' };
  const lev = { contentType: 'Employee', id: '2' };
  it('adds a person once and removes one by type and id', () => {
    expect(withPerson([lev], ann)).toEqual([lev, ann]);
    expect(withPerson([lev, ann], { contentType: 'Employee', id: '3' })).toEqual([lev, ann]);
    expect(withoutPerson([lev, ann], { contentType: 'Employee', id: '2' })).toEqual([ann]);
    expect(withoutPerson([lev], { contentType: 'ContractorHuman', id: '2' })).toEqual([lev]);
  });
  it('is offered where the server lets the reader edit a group chat, never in a dialogue', () => {
    const group: Chat = { contentType: 'Topic', id: '6', isDiscussable: true, possibleActions: ['act_read', 'act_edit'] };
    expect(canEditPeople(group)).toBe(true);
    expect(canEditPeople({ ...group, possibleActions: ['act_read'] })).toBe(false);
    expect(canEditPeople({ ...group, isPrivate: true, isDiscussable: false })).toBe(false);
  });
});
