// @vitest-environment jsdom
// A chat message that is e-mail shows its sender (or recipients), its
// delivery status, its subject, the server's refusal, and its files.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { initI18n } from '../../i18n';
import type { MailMessage } from './mailApi';
import { MailNote } from './MailNote';

vi.mock('../../fields/link/LinkName', () => ({ useLinkLabel: (l: { id: string } | null) => (l ? `file-${l.id}.pdf` : '') }));

beforeAll(async () => {
  await initI18n('en');
});

const base: MailMessage = {
  contentType: 'Message', id: '1', messageId: 'm@x', from: { email: 'client@ext.test', name: 'Client' }, to: [{ email: 'sales@artel.test' }],
  subject: 'Quote please', text: 'Please send prices.', isOutgoing: false, status: 'received', lastErrorMessage: '',
  attaches: [{ contentType: 'File', id: '7' }],
};

describe('MailNote', () => {
  it('shows who wrote an incoming letter and its files', () => {
    render(<MantineProvider><MailNote mail={base} /></MantineProvider>);
    expect(screen.getByTestId('mail-party').textContent).toBe('E-mail from Client <client@ext.test>');
    expect(screen.getByTestId('mail-status').textContent).toBe('received');
    expect(screen.getByText('Quote please')).toBeTruthy();
    const file = screen.getByTestId('mail-attachment');
    expect(file.getAttribute('href')).toBe('/api/v3/file/7/download');
    expect(file.textContent).toContain('file-7.pdf');
  });

  it('shows whom a letter went to and why it was not sent', () => {
    render(
      <MantineProvider>
        <MailNote mail={{ ...base, isOutgoing: true, status: 'failed', lastErrorMessage: '550 No such user here', to: [{ email: 'a@x.ru' }, { email: 'b@y.ru' }], attaches: [] }} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('mail-party').textContent).toBe('E-mail to a@x.ru, b@y.ru');
    expect(screen.getByTestId('mail-status').textContent).toBe('not sent');
    expect(screen.getByText('550 No such user here')).toBeTruthy();
    expect(screen.queryByTestId('mail-attachment')).toBeNull();
  });
});
