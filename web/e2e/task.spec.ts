// The task screens against the real server and its demo company: a task
// going from the administrator to the demo user and back through its
// statuses, the kanban performing (and refusing) moves by drag and drop,
// and the comment composer keeping its draft over a reload.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DEMO, collectErrors, drag, signIn, type User } from './helpers';

// Wide enough for the first kanban columns beside the menu and the filters.
test.use({ viewport: { width: 1600, height: 900 } });

async function csrf(page: Page): Promise<string> {
  const c = (await page.context().cookies()).find((x) => x.name === 'artel_csrf');
  return decodeURIComponent(c?.value ?? '');
}

async function apiPost(page: Page, path: string, body: unknown) {
  const res = await page.request.post(`/api/v3/${path}`, { data: body, headers: { 'X-CSRF-Token': await csrf(page) } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data as { id: string; status: string; [k: string]: unknown };
}

async function apiGet(page: Page, path: string) {
  const res = await page.request.get(`/api/v3/${path}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).data as { id: string; status: string; [k: string]: unknown };
}

/** switchUser signs out through the user menu and signs in as another user. */
async function switchUser(page: Page, user: User) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, user);
}

async function act(page: Page, action: string, status: string) {
  await page.getByTestId(`task-action-${action}`).click();
  await expect(page.getByTestId('entity-card').getByTestId('task-status').first()).toHaveAttribute('data-status', status);
}

test('a task set by the administrator is accepted and done by the demo user, then its work accepted', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const name = `Подготовить отчёт ${Date.now()}`;
  await page.goto('/task/add');
  await page.getByTestId('field-name').locator('input').fill(name);
  const responsible = page.getByRole('combobox', { name: 'Ответственный' });
  await responsible.click();
  await responsible.fill('Соколова');
  await page.getByRole('option', { name: 'Соколова Анна' }).click();
  await page.getByTestId('save-button').click();
  await expect(page).toHaveURL(/\/task\/\d+\/card$/);
  const card = page.getByTestId('entity-card');
  await expect(card.getByTestId('entity-title')).toHaveText(name);
  await expect(card.getByTestId('task-status').first()).toHaveAttribute('data-status', 'assigned');
  const cardUrl = new URL(page.url()).pathname;
  expect(errors).toEqual([]);

  await switchUser(page, DEMO);
  await page.goto(cardUrl);
  await expect(page.getByTestId('entity-title')).toHaveText(name);
  await act(page, 'act_accept_task', 'accepted');
  await act(page, 'act_done', 'done');
  await expect(page.getByTestId('task-action-act_done')).toHaveCount(0);

  await switchUser(page, ADMIN);
  await page.goto(cardUrl);
  await act(page, 'act_accept_work', 'completed');
  await page.reload();
  await expect(page.getByTestId('entity-card').getByTestId('task-status').first()).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('entity-card').getByTestId('task-status').first()).toHaveText('Завершена');
});

test('a kanban drop performs the allowed action, and a drop the rules forbid is refused', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const me = await apiGet(page, 'currentUser');
  const task = await apiPost(page, 'task', { name: `Канбан ${Date.now()}`, responsible: { contentType: 'Employee', id: me.id } });
  expect(task.status).toBe('accepted');

  await page.goto('/task/filter/mine');
  await page.getByTestId('task-view-kanban').click();
  const column = (status: string) => page.locator(`[data-testid="kanban-column"][data-status="${status}"]`);
  const card = page.locator(`[data-testid="kanban-card"][data-id="${task.id}"]`);
  await expect(column('accepted').locator(card)).toBeVisible();

  await drag(page, card, column('delayed'));
  await expect(column('delayed').locator(card)).toBeVisible();
  await expect.poll(async () => (await apiGet(page, `task/${task.id}`)).status).toBe('delayed');

  // Nothing leads from delayed back to created: refused, and the card stays.
  await drag(page, card, column('created'));
  await expect(page.getByTestId('kanban-refused')).toContainText('Нельзя перевести задачу из «Отложена» в «Создана»');
  await expect(column('delayed').locator(card)).toBeVisible();
  await expect(column('created').locator(card)).toHaveCount(0);
  expect((await apiGet(page, `task/${task.id}`)).status).toBe('delayed');

  // The board remembers itself: a reload opens the kanban again.
  await page.reload();
  await expect(column('delayed').locator(card)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a comment draft survives a reload and is cleared once the comment is sent', async ({ page }) => {
  await signIn(page, DEMO);
  const errors = collectErrors(page);
  const task = await apiPost(page, 'task', { name: `Обсудить ${Date.now()}` });
  await page.goto(`/task/${task.id}/card`);
  const input = page.getByTestId('comment-input');
  await expect(page.getByTestId('comment-feed')).toContainText('Комментариев пока нет');

  await page.getByTestId('comment-send').click();
  await expect(page.getByTestId('comment-feed')).toContainText('Напишите сообщение');

  const text = `Черновик комментария ${Date.now()}`;
  await input.fill(text);
  // The draft is kept 1000 ms after the last keystroke.
  await page.waitForTimeout(1500);
  await page.reload();
  await expect(page.getByTestId('comment-input')).toHaveValue(text);

  await page.getByTestId('comment-send').click();
  const item = page.getByTestId('comment-item').filter({ hasText: text });
  await expect(item).toBeVisible();
  await expect(page.getByTestId('comment-input')).toHaveValue('');
  await page.reload();
  await expect(page.getByTestId('comment-item').filter({ hasText: text })).toBeVisible();
  await expect(page.getByTestId('comment-input')).toHaveValue('');
  expect(errors).toEqual([]);
});

test('a negotiation item is added by the administrator and approved by the demo user', async ({ page }) => {
  await signIn(page, DEMO);
  const demoId = (await apiGet(page, 'currentUser')).id;
  await switchUser(page, ADMIN);
  const errors = collectErrors(page);
  const task = await apiPost(page, 'task', {
    name: `Согласовать договор ${Date.now()}`,
    isNegotiation: true,
    negotiationExecutors: [{ contentType: 'Employee', id: demoId }],
  });
  const cardUrl = `/task/${task.id}/card`;
  await page.goto(cardUrl);
  const block = page.getByTestId('task-negotiation');
  await expect(block.getByTestId('task-negotiation-decision')).toHaveText('Решение не принято');
  await block.getByTestId('task-negotiation-new-text').fill('Редакция договора 1');
  await block.getByTestId('task-negotiation-add-item').click();
  await expect(block.getByTestId('task-negotiation-text')).toHaveText('Редакция договора 1');
  await expect(block.getByTestId('task-negotiation-status')).toHaveText('Ожидает виз');
  expect(errors).toEqual([]);

  await switchUser(page, DEMO);
  await page.goto(cardUrl);
  await block.getByTestId('task-negotiation-approve').click();
  await expect(block.getByTestId('task-negotiation-status')).toHaveText('Согласовано');
  await expect(block.getByTestId('task-negotiation-decision')).toHaveText('Согласовано');
  await expect(block.getByTestId('task-negotiation-visa')).toHaveCount(1);
});
