// The History block of a task card against the real server: executors
// changed by the card's own server calls show as added and removed people
// leading to their cards, and an extra field's change under its label.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, collectErrors, signIn } from './helpers';

async function call(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
  const c = (await page.context().cookies()).find((x) => x.name === 'artel_csrf');
  const res = await page.request.fetch(`/api/v3/${path}`, { method, data: body, headers: { 'X-CSRF-Token': decodeURIComponent(c?.value ?? '') } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data;
}

test('collection and extra field changes are listed in the history with names and labels', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const people = (await call(page, 'GET', `employee?${encodeURIComponent(JSON.stringify({ limit: 3 }))}`)) as { id: string }[];
  expect(people.length).toBeGreaterThanOrEqual(3);
  const [a, b, c] = people.map((p) => ({ contentType: 'Employee', id: p.id }));
  const label = `Канал ${Date.now()}`;
  const extra = (await call(page, 'POST', 'task/extraFields', { contentType: 'StringField', hrName: label })) as { name: string };
  const task = (await call(page, 'POST', 'task', { name: `История ${Date.now()}`, executors: [a, b] })) as { id: string };
  await call(page, 'POST', `task/${task.id}`, { executors: [b, c] });
  await call(page, 'POST', `task/${task.id}`, { [extra.name]: 'Сайт' });

  await page.goto(`/task/${task.id}/card`);
  const history = page.getByTestId('task-history');
  const rows = history.getByTestId('task-history-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute('data-field', extra.name);
  await expect(rows.nth(0)).toContainText(label);
  await expect(rows.nth(0)).toContainText('Сайт');
  await expect(rows.nth(1)).toHaveAttribute('data-field', 'executors');
  await expect(rows.nth(1).getByTestId('task-history-added').locator('a')).toHaveAttribute('href', `/staff/${c.id}/card`);
  await expect(rows.nth(1).getByTestId('task-history-removed').locator('a')).toHaveAttribute('href', `/staff/${a.id}/card`);
  await expect(rows.nth(1).getByTestId('task-history-added')).toContainText('добавлены:');
  expect(errors).toEqual([]);
});
