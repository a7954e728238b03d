// Notifications against the real server: the administrator comments on a
// task where the demo user is responsible, and the demo user's bell counts
// it without a reload; opening it leads to the task and empties the bell.
import { expect, test } from '@playwright/test';
import { ADMIN, DEMO, collectErrors, signIn } from './helpers';

test('a comment on my task rings my bell live, and opening it leads to the task', async ({ browser, request }) => {
  const page = await (await browser.newContext()).newPage();
  const errors = collectErrors(page);
  await signIn(page, DEMO);
  const me = ((await (await page.request.get('/api/v3/currentUser')).json()) as { data: { id: string } }).data.id;

  const login = await request.post('/api/v3/auth/access_token', {
    form: { grant_type: 'password', username: ADMIN.username, password: ADMIN.password },
  });
  expect(login.ok()).toBe(true);
  const headers = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const stamp = Date.now();
  const task = await request.post('/api/v3/task', {
    headers,
    data: { name: `Колокольчик ${stamp}`, responsible: { contentType: 'Employee', id: me } },
  });
  expect(task.ok()).toBe(true);
  const taskId = ((await task.json()) as { data: { id: string } }).data.id;

  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  const bell = page.getByTestId('main-menu').getByTestId('notification-count');
  // The bell starts at nought and takes the server's count when its first
  // answer comes; on a loaded run that can be after this line, so wait for
  // the two to agree before counting from there.
  const shown = async () => Number(await bell.getAttribute('data-count'));
  const counted = async () =>
    ((await (await page.request.get('/api/v3/notification/counter')).json()) as { data: { count: number } }).data.count;
  await expect.poll(async () => (await shown()) === (await counted())).toBe(true);
  const before = await shown();

  const comment = await request.post(`/api/v3/task/${taskId}/comments`, { headers, data: { content: `Посмотри отчёт ${stamp}` } });
  expect(comment.ok()).toBe(true);
  await expect(bell).toHaveAttribute('data-count', String(before + 1), { timeout: 10_000 });

  await page.getByTestId('notification-bell').click();
  const item = page.getByTestId('notification-item').filter({ hasText: `Посмотри отчёт ${stamp}` });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(`/task/${taskId}/card`);
  await expect(bell).toHaveAttribute('data-count', String(before));
  await expect(page.getByTestId('subscribe-toggle')).toHaveAttribute('aria-pressed', 'true');
  expect(errors).toEqual([]);
});
