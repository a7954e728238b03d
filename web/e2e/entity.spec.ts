// The generic screens against the real server and its demo company: list,
// card, edit, create, delete, the unsaved-changes guard and paging.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, collectErrors, signIn } from './helpers';

async function apiList(page: Page, endpoint: string, query: Record<string, unknown>) {
  const res = await page.request.get(`/api/v3/${endpoint}?${encodeURIComponent(JSON.stringify(query))}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as { data: { id: string; [k: string]: unknown }[]; meta: { pagination: { count: number } } };
}

test('a list row opens the card; an edit saved there is there after a reload', async ({ page }) => {
  // Departments are the administrator's to change.
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const departments = await apiList(page, 'department', { limit: 100 });
  const board = departments.data.find((d) => d.name === 'Руководство')!;
  await page.goto('/entity/Department');
  const list = page.getByTestId('entity-list');
  await expect(list.getByTestId('entity-row').first()).toBeVisible();
  await list.locator(`[data-testid="entity-row"][data-id="${board.id}"]`).click();

  await expect(page).toHaveURL(`/entity/Department/${board.id}/card`);
  const card = page.getByTestId('entity-card');
  await expect(card.getByTestId('entity-title')).toHaveText('Руководство');
  await expect(card.getByTestId('field-description')).toContainText('Генеральный директор');

  await card.getByTestId('entity-edit').click();
  const description = `Совет директоров ${Date.now()}`;
  await card.getByTestId('field-description').locator('textarea:visible').fill(description);
  await card.getByTestId('save-button').click();
  await expect(card.getByTestId('save-button')).toHaveCount(0);
  await expect(card.getByTestId('field-description')).toContainText(description);

  await page.reload();
  await expect(page.getByTestId('entity-card').getByTestId('field-description')).toContainText(description);
  expect(errors).toEqual([]);
});

test('a record created through the form is in the list, and deleting it removes it', async ({ page }) => {
  await signIn(page);
  const name = `Метка ${Date.now()}`;
  await page.goto('/entity/Tag');
  await expect(page.getByTestId('entity-list')).toBeVisible();
  await page.getByTestId('entity-add').click();
  await expect(page).toHaveURL(/\/entity\/Tag\/add$/);

  await page.getByTestId('field-name').locator('input').fill(name);
  await page.getByTestId('save-button').click();
  await expect(page).toHaveURL(/\/entity\/Tag\/\d+\/card$/);
  await expect(page.getByTestId('entity-title')).toHaveText(name);

  await page.goto('/entity/Tag');
  const row = page.getByTestId('entity-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  // The name cell: other cells hold links of their own (the tag's user).
  await row.getByText(name).click();
  await expect(page).toHaveURL(/\/entity\/Tag\/\d+\/card$/);

  await page.getByTestId('entity-delete').click();
  await page.getByTestId('delete-confirm').click();
  await expect(page).toHaveURL(/\/entity\/Tag$/);
  await expect(page.getByTestId('entity-list')).toBeVisible();
  await expect(page.getByTestId('entity-row').filter({ hasText: name })).toHaveCount(0);
  const left = await apiList(page, 'tag', { limit: 100 });
  expect(left.data.some((t) => t.name === name)).toBe(false);
});

test('leaving a form with unsaved changes asks first', async ({ page }) => {
  await signIn(page);
  await page.goto('/entity/Tag/add');
  await page.getByTestId('field-name').locator('input').fill('Черновик');
  await page.getByTestId('menu-item-tasks').click();

  const leave = page.getByTestId('unsaved-leave');
  await expect(leave).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL(/\/entity\/Tag\/add$/);
  await expect(page.getByTestId('field-name').locator('input')).toHaveValue('Черновик');

  await page.getByTestId('menu-item-tasks').click();
  await page.getByTestId('unsaved-leave').click();
  await expect(page).not.toHaveURL(/\/entity\/Tag\/add$/);
});

test('a list of more than a page loads the following pages as it is scrolled to the end', async ({ page }) => {
  await signIn(page);
  const all = await apiList(page, 'comment', { limit: 1000, fields: ['content'], onlyRequestedFields: true });
  const total = all.meta.pagination.count;
  expect(total).toBeGreaterThan(50);
  const row = (id: string) => page.getByTestId('entity-list').locator(`[data-testid="entity-row"][data-id="${id}"]`);

  await page.goto('/entity/Comment');
  const list = page.getByTestId('entity-list');
  await expect(page.getByTestId('entity-count')).toContainText(String(total));
  await expect(list.getByTestId('entity-row').first()).toHaveAttribute('data-id', all.data[0].id);
  await expect(row(all.data[total - 1].id)).toHaveCount(0);

  // Each scroll to the end brings the next page, until the oldest comment is in.
  await expect
    .poll(
      async () => {
        await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
        return row(all.data[total - 1].id).count();
      },
      { timeout: 30_000, intervals: [300] },
    )
    .toBe(1);
  await expect(page.getByTestId('entity-list-more')).toHaveCount(0);
});

test('searching, filtering and sorting narrow and order the list', async ({ page }) => {
  await signIn(page);
  const errors = collectErrors(page);
  const count = async (query: Record<string, unknown>) => (await apiList(page, 'task', { limit: 1, ...query })).meta.pagination.count;
  const statusTerm = { contentType: 'FilterTermEnum', field: 'status', comparison: 'equals', value: ['completed'] };
  const completed = await count({ filter: { contentType: 'FilterConfig', termGroup: { join: 'and', terms: [statusTerm] } } });

  await page.goto('/entity/Task');
  const total = page.getByTestId('entity-count');
  await expect(total).toContainText(String(await count({})));

  await page.getByTestId('entity-search').fill('собеседование');
  // The newest task may itself be an interview, so wait for every row to
  // match rather than the first.
  await expect
    .poll(async () => {
      const rows = await page.getByTestId('entity-row').allInnerTexts();
      return rows.length > 0 && rows.every((text) => text.toLowerCase().includes('собеседование'));
    })
    .toBe(true);
  await page.getByTestId('entity-search').fill('');

  await page.getByTestId('entity-filter').click();
  await page.getByRole('button', { name: 'Добавить условие' }).click();
  const term = page.getByTestId('filter-term');
  await term.getByRole('combobox', { name: 'Поле' }).fill('Статус');
  await page.getByRole('option', { name: 'Статус', exact: true }).click();
  await term.getByRole('combobox', { name: 'Значение' }).click();
  await page.getByRole('option', { name: 'completed', exact: true }).click();
  // A multiple choice stays open for more; clicking aside closes it.
  await page.getByRole('heading', { name: 'Фильтр' }).click();
  await page.getByTestId('filter-apply').click();
  await expect(total).toContainText(String(completed));
  await expect(page.getByTestId('entity-filter')).toContainText('1');

  await page.getByTestId('sort-name').click();
  await expect(page.getByTestId('sort-name')).toHaveAttribute('aria-sort', 'ascending');
  const first = await apiList(page, 'task', {
    limit: 1,
    sortBy: [{ contentType: 'SortField', fieldName: 'name', desc: false }],
    filter: { contentType: 'FilterConfig', termGroup: { join: 'and', terms: [statusTerm] } },
  });
  await expect(page.getByTestId('entity-row').first()).toHaveAttribute('data-id', first.data[0].id);
  expect(errors).toEqual([]);
});
