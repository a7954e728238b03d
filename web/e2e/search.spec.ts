// The search box of the main menu against the real server: a task named
// with an inflected, ё-spelt word is found by its plain form, shown in the
// Task group with the matched word highlighted, and opens its card.
import { expect, test } from '@playwright/test';
import { ADMIN, collectErrors, signIn } from './helpers';

test('a task is found from the menu search box by another form of its word', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const stamp = String(Date.now());
  const name = `Квартальные отчёты ${stamp}`;
  await page.goto('/task/add');
  await page.getByTestId('field-name').locator('input').fill(name);
  await page.getByTestId('save-button').click();
  await expect(page).toHaveURL(/\/task\/\d+\/card$/);
  const cardUrl = new URL(page.url()).pathname;

  await page.getByTestId('shell-search').fill(`отчет ${stamp}`);
  await page.getByTestId('shell-search').press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  const group = page.getByTestId('search-group-Task');
  await expect(group.getByTestId('search-result')).toHaveCount(1);
  await expect(group.locator('mark').first()).toHaveText('отчёты');
  await group.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`${cardUrl}$`));
  await expect(page.getByTestId('entity-card').getByTestId('entity-title')).toHaveText(name);

  await page.goto(`/search?q=${encodeURIComponent(`нетакого ${stamp}`)}`);
  await expect(page.getByTestId('search')).toContainText('Ничего не найдено.');
  expect(errors).toEqual([]);
});
