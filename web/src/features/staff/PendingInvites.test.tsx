// @vitest-environment jsdom
// The pending invitations' actions: resend goes at once; cancel asks
// first and can be backed out of; a refusal is shown.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { initI18n } from '../../i18n';
import { HttpError } from '../../data/transport';
import { PendingInvites, expired, type Invited } from './PendingInvites';

const post = vi.fn();
const del = vi.fn();
vi.mock('../../data/api', () => ({
  api: { post: (...args: unknown[]) => post(...args), delete: (...args: unknown[]) => del(...args) },
}));

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  post.mockReset();
  del.mockReset();
});

const olga: Invited = {
  mail: 'olga@ext.test', firstName: 'Olga', lastName: 'Orlova', exists: false, mailStatus: 'sent',
  employee: { contentType: 'Employee', id: '42' }, timeExpires: { value: '2000-01-01T00:00:00+00:00' },
};
const show = (reload = vi.fn()) => {
  render(<MantineProvider><PendingInvites pending={[olga]} reload={reload} /></MantineProvider>);
  return reload;
};

describe('PendingInvites', () => {
  it('resends by the invited employee and says so', async () => {
    post.mockResolvedValue({ data: olga });
    const reload = show();
    expect(screen.getByText('link expired')).toBeTruthy();
    fireEvent.click(screen.getByTestId('staff-invite-resend'));
    await waitFor(() => expect(screen.getByTestId('staff-invite-pending-note').textContent).toContain('A new link went to olga@ext.test'));
    expect(post).toHaveBeenCalledWith('invitedEmployee/42/resend');
    expect(reload).toHaveBeenCalled();
  });

  it('asks before cancelling, and No leaves the invitation alone', async () => {
    del.mockResolvedValue({ data: null });
    const reload = show();
    fireEvent.click(screen.getByTestId('staff-invite-cancel'));
    expect(screen.getByText(/the person is dismissed/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('staff-invite-cancel-no'));
    expect(del).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('staff-invite-cancel'));
    fireEvent.click(screen.getByTestId('staff-invite-cancel-yes'));
    await waitFor(() => expect(screen.getByTestId('staff-invite-pending-note').textContent).toContain('olga@ext.test is cancelled'));
    expect(del).toHaveBeenCalledWith('invitedEmployee/42');
    expect(reload).toHaveBeenCalled();
  });

  it('shows why a resend was refused', async () => {
    post.mockRejectedValue(new HttpError(422, 'Unprocessable', {
      meta: { status: 422, errors: [{ field: 'from', type: 'mail_no_smtp', message: 'No mail account to send from' }] },
    } as never, 'invitedEmployee/42/resend'));
    show();
    fireEvent.click(screen.getByTestId('staff-invite-resend'));
    await waitFor(() => expect(screen.getByTestId('staff-invite-pending-error').textContent).toContain('No mail account to send from'));
  });

  it('tells an expired link by its time', () => {
    expect(expired(olga)).toBe(true);
    expect(expired({ ...olga, timeExpires: { value: '2999-01-01T00:00:00+00:00' } })).toBe(false);
    expect(expired({ ...olga, timeExpires: undefined })).toBe(false);
  });
});
