// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { MailMessage } from './mailApi';
import { composeBody, composeReady, emptyCompose, entityHref, folderOf, mailPath, party } from './mailView';

const letter = (extra: Partial<MailMessage>): MailMessage => ({
  contentType: 'Message', id: '1', messageId: '1@x', from: { email: 'a@x.ru' }, to: [], subject: '', text: '', isOutgoing: false,
  status: 'received', lastErrorMessage: '', attaches: [], ...extra,
});

describe('the mail view', () => {
  it('puts received mail in the inbox and sent mail in sent, naming whom each is with', () => {
    const inbox = letter({ from: { email: 'a@x.ru', name: 'Анна' } });
    expect(folderOf(inbox)).toBe('inbox');
    expect(party(inbox)).toBe('Анна <a@x.ru>');
    expect(party(letter({ from: { email: 'a@x.ru' } }))).toBe('a@x.ru');
    const sent = letter({ isOutgoing: true, status: 'sent', from: { email: 'me@artel.ru' }, to: [{ email: 'b@y.ru' }, { email: 'c@z.ru' }] });
    expect(folderOf(sent)).toBe('sent');
    expect(party(sent)).toBe('b@y.ru, c@z.ru');
  });

  it('opens a letter by its address and what it is filed to where that lives', () => {
    expect(mailPath()).toBe('/discuss/mail/');
    expect(mailPath('7')).toBe('/discuss/mail/7/');
    expect(entityHref({ contentType: 'Topic', id: '5' })).toBe('/discuss/chat/5/');
    expect(entityHref({ contentType: 'Deal', id: '9' })).not.toContain('Topic');
  });

  it('needs where the letter is filed and a text or a file; leaves empty recipients and subject to the server', () => {
    const client = { contentType: 'ContractorHuman', id: '4' };
    expect(composeReady({ ...emptyCompose, text: 'Счёт' })).toBe(false);
    expect(composeReady({ ...emptyCompose, entity: client, text: '  ' })).toBe(false);
    expect(composeReady({ ...emptyCompose, entity: client, text: 'Счёт' })).toBe(true);
    expect(composeBody({ ...emptyCompose, entity: client, text: 'Счёт' })).toEqual({ entity: client, text: 'Счёт' });
    const file = { contentType: 'File', id: '8' };
    expect(composeReady({ ...emptyCompose, entity: client, attaches: [file] })).toBe(true);
    expect(composeBody({ from: '2', to: 'a@x.ru; b@y.ru', subject: ' Счёт ', text: 'Вот', entity: client, attaches: [file] })).toEqual({
      entity: client, text: 'Вот', from: { contentType: 'Imap', id: '2' }, to: ['a@x.ru', 'b@y.ru'], subject: 'Счёт', attaches: [file],
    });
  });
});
