// Pending e-mail invitations on /staff/list: an administrator resends one
// and cancels another (asked first, and backing out changes nothing); the
// cancelled invitee is dismissed and leaves the list; then the account's
// invitation link is given a new address and switched off. The mail account
// points at a closed port, so nothing leaves the machine: an invitation
// needs a sender, not a delivery.
import { expect, request, test } from '@playwright/test';
import { ADMIN, collectErrors, signIn } from './helpers';

test.use({ viewport: { width: 1400, height: 900 } });

test('resend and cancel pending invitations', async ({ page, baseURL }) => {
  const admin = await request.newContext({ baseURL });
  const token = (await (await admin.post('/api/v3/auth/access_token', { form: { grant_type: 'password', username: ADMIN.username, password: ADMIN.password } })).json()).access_token as string;
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (path: string, data: object) => {
    const r = await admin.post(`/api/v3/${path}`, { headers, data });
    expect(r.ok(), `${path}: ${await r.text()}`).toBeTruthy();
    return (await r.json()).data;
  };
  const account = (await post('imap', { email: 'hr.e2e@example.com', isDefault: true,
    imapConfig: { host: '127.0.0.1', port: 1, login: 'hr.e2e@example.com', password: 'hr secret' },
    smtpConfig: { host: '127.0.0.1', port: 1, ssl: true } })) as { id: string };
  const invited = (await post('invitedEmployee', [
    { rawString: 'Анна Алексеева <anna.invite@ext.test>' },
    { rawString: 'Борис Белов <boris.invite@ext.test>' },
  ])) as { employee: { id: string } }[];
  const boris = invited[1].employee.id;

  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  await page.goto('/staff/list');
  await page.getByTestId('staff-invite-open').click();
  const rows = page.getByTestId('staff-invite-pending');
  const anna = rows.filter({ hasText: 'anna.invite@ext.test' });
  const borisRow = rows.filter({ hasText: 'boris.invite@ext.test' });
  await expect(anna).toHaveCount(1);
  await expect(borisRow).toHaveCount(1);

  await anna.getByTestId('staff-invite-resend').click();
  await expect(page.getByTestId('staff-invite-pending-note')).toContainText('anna.invite@ext.test');
  await expect(anna).toHaveCount(1);

  await borisRow.getByTestId('staff-invite-cancel').click();
  await borisRow.getByTestId('staff-invite-cancel-no').click();
  await expect(borisRow.getByTestId('staff-invite-resend')).toBeVisible();
  await borisRow.getByTestId('staff-invite-cancel').click();
  await borisRow.getByTestId('staff-invite-cancel-yes').click();
  await expect(page.getByTestId('staff-invite-pending-note')).toContainText('boris.invite@ext.test');
  await expect(borisRow).toHaveCount(0);
  await expect(anna).toHaveCount(1);

  const card = await (await admin.get(`/api/v3/employee/${boris}`, { headers })).json();
  expect(card.data.isWorking).toBe(false);
  // The mail account was only a sender: it goes, so the mail flows later
  // find the demo company as it was.
  expect((await admin.delete(`/api/v3/imap/${account.id}`, { headers })).ok()).toBeTruthy();
  await page.keyboard.press('Escape');

  // The account's invitation link: shown to copy, given a new address, switched off.
  await page.getByTestId('staff-invite-link-open').click();
  const url = page.getByTestId('staff-invite-link-url');
  await expect(url).toHaveValue(/\/inviteForm\/.+/);
  const first = await url.inputValue();
  await page.getByTestId('staff-invite-link-refresh').click();
  await expect(url).not.toHaveValue(first);
  await page.getByTestId('staff-invite-link-enabled').click();
  await expect(url).toBeDisabled();
  const link = await (await admin.get('/api/v3/employee/inviteLink', { headers })).json();
  expect(link.data.enabled).toBe(false);
  expect((await admin.post('/api/v3/employee/inviteLink', { headers, data: { enabled: true } })).ok()).toBeTruthy();
  await admin.dispose();
  expect(errors).toEqual([]);
});
