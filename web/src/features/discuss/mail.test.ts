import { describe, expect, it } from 'vitest';
import { HttpError } from '../../data/transport';
import { fieldErrors } from './MailAccountForm';
import { byComment, recipients, type MailMessage } from './mailApi';

const mail = (id: string, comment?: string): MailMessage => ({
  contentType: 'Message', id, messageId: `${id}@x`, from: { email: 'a@x' }, to: [], subject: '', text: '', isOutgoing: false,
  status: 'received', lastErrorMessage: '', attaches: [], convertedTo: comment ? { contentType: 'Comment', id: comment } : undefined,
});

describe('mail', () => {
  it('finds each e-mail by the chat message it is shown as', () => {
    const m = byComment([mail('1', '10'), mail('2'), mail('3', '12')]);
    expect([...m.keys()]).toEqual(['10', '12']);
    expect(m.get('12')?.id).toBe('3');
  });

  it('reads recipients split by commas, semicolons and spaces', () => {
    expect(recipients(' a@x.ru, b@y.com;c@z.org  d@w.net ')).toEqual(['a@x.ru', 'b@y.com', 'c@z.org', 'd@w.net']);
    expect(recipients('  ')).toEqual([]);
  });

  it('puts a 422 on the fields it names', () => {
    const err = new HttpError(422, 'Unprocessable', {
      data: null,
      meta: { status: 422, errors: [
        { field: 'imapConfig.host', message: 'Required', type: 'required' },
        { field: 'smtpConfig', message: 'The server refused the login or password: bad', type: 'mail_auth_failed' },
      ] },
    } as never, '/api/v3/imap');
    expect(fieldErrors(err)).toEqual({ 'imapConfig.host': 'Required', smtpConfig: 'The server refused the login or password: bad' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
