// The messenger against the real server: the administrator starts a
// private dialogue with the demo user and writes to her, mentioning her;
// in her own browser the chat's unread badge, the message and the
// mention's notification appear without a reload; she sees him typing
// and answers, and he reads the answer live; he sends a file, she gets it.
import { expect, test } from '@playwright/test';
import { ADMIN, DEMO, collectErrors, signIn } from './helpers';

test.use({ viewport: { width: 1500, height: 950 } });

test('two people chat live: a mention notifies, badges and messages arrive without a reload', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  await page.goto('/discuss/');
  await expect(page.getByTestId('messenger')).toBeVisible();

  // A private dialogue with the demo user (Анна Соколова).
  await page.getByTestId('chat-new').click();
  const form = page.getByRole('dialog', { name: 'Новый чат' });
  await form.getByRole('combobox', { name: 'С кем' }).fill('Соколова');
  await page.getByRole('option', { name: /Соколова/ }).first().click();
  await form.getByTestId('new-chat-kind').click(); // closes the picker's list
  await form.getByTestId('new-chat-start').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('chat-title')).toContainText('Соколова');
  const chatId = page.url().match(/\/discuss\/chat\/(\d+)\//)![1];

  // The demo user, in a browser of her own, on her chat list.
  const other = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  await signIn(other, DEMO);
  const otherErrors = collectErrors(other);
  await other.goto('/discuss/');
  const row = other.getByTestId(`chat-item-${chatId}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('chat-unread')).toHaveCount(0);

  // He writes, mentioning her through the "@" suggestions.
  const text = `Отчёт готов ${Date.now()}`;
  const composer = page.getByTestId('composer');
  await composer.fill(`${text}, @Сок`);
  await page.getByTestId('mention-option').filter({ hasText: 'Соколова' }).click();
  await composer.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: text })).toBeVisible();

  // Without a reload: the unread badge on her list, the total, the bell.
  await expect(row.getByTestId('chat-unread')).toHaveText('1');
  await expect(other.getByTestId('discuss-total-unread')).toBeVisible();
  await row.click();
  const received = other.getByTestId('message').filter({ hasText: text });
  await expect(received).toBeVisible();
  await expect(received.getByTestId('message-mention')).toContainText('Соколова');
  // Opened, the chat is read.
  await expect(row.getByTestId('chat-unread')).toHaveCount(0);

  // She types: he sees it; she answers: he reads it live.
  await other.getByTestId('composer').pressSequentially('Спасибо');
  await expect(page.getByTestId('chat-typing')).toContainText('Соколова');
  await other.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'Спасибо' })).toBeVisible();

  // He sends a file alone; she sees it with a link that downloads it.
  const bytes = Buffer.from('план на неделю\n');
  await page.getByTestId('composer-file-input').setInputFiles({ name: 'план.txt', mimeType: 'text/plain', buffer: bytes });
  await expect(page.getByTestId('chat-view').getByRole('link', { name: 'план.txt' })).toBeVisible();
  await page.getByTestId('composer-send').click();
  await expect(page.getByTestId('message').getByRole('link', { name: 'план.txt' })).toBeVisible();
  const file = other.getByTestId('message').getByRole('link', { name: 'план.txt' });
  await expect(file).toBeVisible();
  await expect(other.getByTestId('message').getByTestId('attachment').filter({ hasText: 'план.txt' })).toContainText(/\d/);
  const download = await other.request.get((await file.getAttribute('href'))!);
  expect(Buffer.from(await download.body()).equals(bytes)).toBe(true);

  // The mention left her a notification, shown in the bell.
  const mention = await other.request.get('/api/v3/notification');
  const list = (await mention.json()).data as { type: string; content: string }[];
  expect(list.some((n) => n.type === 'mention' && n.content.includes(text))).toBe(true);

  expect(errors).toEqual([]);
  expect(otherErrors).toEqual([]);
  await other.close();
});

test("a group chat's owner adds a person through the search and removes one; a dialogue offers neither", async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const csrf = (await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '';
  const res = await page.request.post('/api/v3/topic', {
    data: { name: `Планёрка ${Date.now()}`, isDiscussable: true, participants: [{ contentType: 'Employee', id: '13' }] },
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf) },
  });
  const chat = (await res.json()).data as { id: string };
  await page.goto(`/discuss/chat/${chat.id}/`);
  const panel = page.getByTestId('chat-participants');
  await expect(panel.getByTestId('chat-participant').filter({ hasText: 'Смирнов' })).toBeVisible();

  await panel.getByRole('combobox', { name: 'Добавить участника' }).fill('Медведев');
  await page.getByRole('option', { name: /Медведев/ }).first().click();
  await expect(panel.getByTestId('chat-participant').filter({ hasText: 'Медведев' })).toBeVisible();
  await panel.getByRole('button', { name: /Смирнов/ }).click();
  await expect(panel.getByTestId('chat-participant').filter({ hasText: 'Смирнов' })).toHaveCount(0);
  // The server holds what the panel shows.
  const saved = (await (await page.request.get(`/api/v3/topic/${chat.id}`)).json()).data as { participants: { id: string }[] };
  expect(saved.participants.map((p) => p.id).sort()).toEqual(['1', '16']);

  // A private dialogue (found or started): no editing.
  await page.goto('/discuss/');
  await page.getByTestId('chat-new').click();
  const form = page.getByRole('dialog', { name: 'Новый чат' });
  await form.getByRole('combobox', { name: 'С кем' }).fill('Соколова');
  await page.getByRole('option', { name: /Соколова/ }).first().click();
  await form.getByTestId('new-chat-kind').click();
  await form.getByTestId('new-chat-start').click();
  await expect(page.getByTestId('chat-title')).toContainText('Соколова');
  await expect(panel.getByTestId('chat-participant')).toHaveCount(2);
  await expect(panel.getByTestId('chat-participant-add')).toHaveCount(0);
  await expect(panel.getByTestId('chat-participant-remove')).toHaveCount(0);
  expect(errors).toEqual([]);
});
