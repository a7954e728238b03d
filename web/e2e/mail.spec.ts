// Mail against the real server: a mail account's settings are checked
// before they are kept (the wrong field says why), the password never
// comes back, a check against a server nobody answers on shows the
// reason and the error status; a discussion sends a message as e-mail
// and shows it as one, with its recipient and delivery status; a client
// card writes to the client's own e-mail; the mail view shows the sent
// letters in their folder and writes a new one filed to the client.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, collectErrors, signIn } from './helpers';

test.use({ viewport: { width: 1500, height: 950 } });

async function post(page: Page, path: string, data: unknown): Promise<Record<string, unknown>> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '';
  const res = await page.request.post(path, { data, headers: { 'X-CSRF-Token': decodeURIComponent(csrf) } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

test('mail settings are validated and checked; a discussion sends e-mail and shows its status', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  await page.goto('/settings/integrations/mail');
  await expect(page.getByTestId('mail-accounts')).toBeVisible();

  await page.getByTestId('mail-add').click();
  const form = page.getByTestId('mail-account-form');
  await form.getByTestId('mail-email').fill('not an address');
  await form.getByTestId('mail-save').click();
  await expect(form.getByText('Неверный адрес электронной почты')).toBeVisible();
  await expect(page.getByTestId('mail-account')).toHaveCount(0);

  const email = `sales${Date.now()}@example.com`;
  await form.getByTestId('mail-email').fill(email);
  await form.getByTestId('imapConfig-host').fill('127.0.0.1');
  await form.getByTestId('imapConfig-port').fill('1');
  await form.getByTestId('imapConfig-login').fill(email);
  await form.getByTestId('imapConfig-password').fill('very secret words');
  await form.getByTestId('smtpConfig-host').fill('127.0.0.1');
  await form.getByTestId('smtpConfig-port').fill('1');
  await form.getByTestId('mail-save').click();
  await expect(form).toHaveCount(0);
  const card = page.getByTestId('mail-account').filter({ hasText: email });
  await expect(card.getByTestId('mail-imap-status')).toHaveAttribute('data-status', 'unknown');
  expect(await (await page.request.get('/api/v3/imap')).text()).not.toContain('very secret words');

  // Nobody answers on port 1: the check says so and keeps the error status.
  await card.getByTestId('mail-check').click();
  await expect(card.getByTestId('mail-check-error').first()).toContainText('Сервер недоступен');
  await expect(card.getByTestId('mail-imap-status')).toHaveAttribute('data-status', 'error');
  await expect(card.getByTestId('mail-smtp-status')).toHaveAttribute('data-status', 'error');

  // A discussion sends a message as e-mail.
  const chat = await post(page, '/api/v3/topic', { name: `Клиент ${Date.now()}`, isDiscussable: true });
  await page.goto(`/discuss/chat/${String(chat.id)}/`);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  await page.getByTestId('composer-as-mail').click();
  await page.getByTestId('composer-mail-to').fill('client@example.org');
  await page.getByTestId('composer-mail-subject').fill('Предложение');
  await page.getByTestId('composer').fill('Цены во вложении');
  await page.getByTestId('composer-send').click();
  const sent = page.getByTestId('message').filter({ hasText: 'Цены во вложении' });
  await expect(sent.getByTestId('mail-party')).toContainText('client@example.org');
  await expect(sent.getByTestId('mail-status')).toBeVisible();
  await expect(sent.getByText('Предложение')).toBeVisible();

  // A client card writes to the client's own e-mail.
  const client = await post(page, '/api/v3/contractorHuman', {
    firstName: 'Пётр', lastName: `Почтовый${Date.now()}`,
    contactInfo: [{ contentType: 'ContactInfo', type: 'email', value: 'petr@example.org' }],
  });
  await page.goto(`/crm/${String(client.id)}/card`);
  const box = page.getByTestId('entity-mail');
  await expect(box).toBeVisible();
  await box.getByTestId('entity-mail-subject').fill('Счёт');
  await box.getByTestId('entity-mail-text').fill('Счёт на оплату');
  await box.getByTestId('entity-mail-send').click();
  const item = box.getByTestId('entity-mail-item').filter({ hasText: 'Счёт на оплату' });
  await expect(item.getByTestId('mail-party')).toContainText('petr@example.org');

  // The mail view: its sent folder holds the letter, opened beside the
  // list with the client it is filed to; nothing was received.
  await page.goto('/discuss/mail/');
  await expect(page.getByTestId('mail-view')).toBeVisible();
  await expect(page.getByTestId('mail-list')).toContainText('Писем пока нет');
  await page.getByTestId('mail-folder-sent').click();
  await page.getByTestId('mail-row').filter({ hasText: 'Счёт' }).click();
  const letter = page.getByTestId('mail-letter');
  await expect(letter.getByTestId('mail-letter-text')).toHaveText('Счёт на оплату');
  await expect(letter.getByTestId('mail-letter-entity')).toContainText(String(client.lastName));

  // A new letter from the view, filed to the client, lands in sent and opens.
  await page.getByTestId('mail-write').click();
  const compose = page.getByTestId('mail-compose');
  await compose.getByRole('combobox', { name: 'Клиент, сделка или обсуждение' }).fill(String(client.lastName));
  await page.getByRole('option', { name: new RegExp(String(client.lastName)) }).first().click();
  await compose.getByTestId('mail-compose-subject').fill('Акт');
  await compose.getByTestId('mail-compose-text').fill('Акт сверки во вложении');
  await compose.getByTestId('mail-compose-file-input').setInputFiles({ name: 'акт.txt', mimeType: 'text/plain', buffer: Buffer.from('акт\n') });
  await expect(compose.getByRole('link', { name: 'акт.txt' })).toBeVisible();
  await compose.getByTestId('mail-compose-send').click();
  await expect(compose).toHaveCount(0);
  await expect(letter.getByTestId('mail-letter-text')).toHaveText('Акт сверки во вложении');
  await expect(letter.getByTestId('mail-party')).toContainText('petr@example.org');
  await expect(letter.getByTestId('mail-attachment')).toContainText('акт.txt');
  await expect(page.getByTestId('mail-row').filter({ hasText: 'Акт' })).toBeVisible();

  // Refused settings and the failed check answer 422; nothing else failed.
  expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
});
