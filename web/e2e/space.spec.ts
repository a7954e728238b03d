// Workspaces against the real server and its demo company: the
// administrator makes a private space, adds a page and writes its note,
// orders its pages, deletes one and restores it from the trash, stars
// the space and shares it with the demo user for reading; the demo user
// finds it in their private section and by search, and reads the page
// without being able to edit it. The demo's company spaces show their
// widgets.
import { expect, test } from '@playwright/test';
import { ADMIN, collectErrors, signIn } from './helpers';

test.use({ viewport: { width: 1400, height: 900 } });

test('a private space with a note page, shared with the demo user, who reads it', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);

  await page.goto('/workspaces');
  await expect(page.getByTestId('space-section-all').getByText('Отдел продаж')).toBeVisible(); // the demo's
  await page.getByTestId('space-new-private-title').fill('Планёрки');
  await page.getByTestId('space-new-private').click();
  await page.waitForURL(/\/workspaces\/\d+$/);
  const spaceURL = new URL(page.url()).pathname;
  await expect(page.getByTestId('space-element-title')).toHaveText('Планёрки');
  await expect(page.getByTestId('space-section-private').getByText('Планёрки')).toBeVisible();

  // A page with a note.
  await page.getByTestId('space-add').click();
  await page.getByTestId('space-add-title').fill('Повестка');
  await page.getByTestId('space-add-save').click();
  await expect(page.getByTestId('space-element')).toHaveAttribute('data-type', 'Note');
  await page.getByTestId('space-note-edit').click();
  await page.getByTestId('space-note-editor').locator('.ProseMirror').click();
  await page.keyboard.type('Итоги недели и планы отдела.');
  await page.getByTestId('space-note-save').click();
  await expect(page.getByTestId('space-note-text')).toContainText('Итоги недели и планы отдела.');

  // The tree opens down to the open page.
  await expect(page.getByTestId('space-section-private').getByText('Повестка')).toBeVisible();

  // A second page, moved above the first.
  await page.goto(spaceURL);
  await page.getByTestId('space-add').click();
  await page.getByTestId('space-add-title').fill('Решения');
  await page.getByTestId('space-add-save').click();
  await expect(page.getByTestId('space-element-title')).toHaveText('Решения');
  await page.goto(spaceURL);
  await expect(page.getByTestId('space-page-link')).toHaveText(['Повестка', 'Решения']);
  await page.getByTestId('space-page-up').click();
  await expect(page.getByTestId('space-page-link')).toHaveText(['Решения', 'Повестка']);

  // Deleted to the trash and restored from it.
  await page.getByTestId('space-page-link').filter({ hasText: 'Решения' }).click();
  page.once('dialog', (d) => d.accept());
  await page.getByTestId('space-delete').click();
  await page.waitForURL(/\/workspaces$/);
  await page.getByTestId('space-trash-link').click();
  await expect(page.getByTestId('space-trash-item')).toHaveText([/Планёрки \/ Решения/]);
  await page.getByTestId('space-trash-restore').click();
  await expect(page.getByTestId('space-trash-item')).toHaveCount(0);
  await page.goto(spaceURL);
  await expect(page.getByTestId('space-page-link')).toHaveText(['Решения', 'Повестка']);

  // The space goes to favourites.
  await page.getByTestId('space-favorite').click();
  await expect(page.getByTestId('space-favorite')).toHaveAttribute('data-on', 'yes');
  await expect(page.getByTestId('space-section-favorites').getByText('Планёрки')).toBeVisible();

  // Shared with the demo user for reading.
  await page.getByTestId('space-share').click();
  await page.getByTestId('space-member-who').fill('Соколова');
  await page.getByRole('option', { name: /Соколова Анна/ }).click();
  await page.getByTestId('space-member-add').click();
  await expect(page.getByTestId('space-member').filter({ hasText: 'Соколова' }).getByTestId('space-member-row-level')).toHaveValue('Чтение');
  await page.keyboard.press('Escape');

  // The demo user finds it in their private section and reads the page.
  const other = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const demo = await other.newPage();
  const demoErrors = collectErrors(demo);
  await signIn(demo);
  await demo.goto('/workspaces');
  const mine = demo.getByTestId('space-section-private');
  await expect(mine.getByText('Мои заметки')).toBeVisible(); // the demo's own
  await mine.getByText('Планёрки').click();
  await expect(demo.getByTestId('space-element')).toHaveAttribute('data-access', 'read');
  await expect(demo.getByTestId('space-add')).toHaveCount(0);
  await demo.getByTestId('space-page-link').filter({ hasText: 'Повестка' }).click();
  await expect(demo.getByTestId('space-note-text')).toContainText('Итоги недели и планы отдела.');
  await expect(demo.getByTestId('space-note-edit')).toHaveCount(0);
  await demo.getByTestId('space-search').fill('повест');
  await expect(demo.getByTestId('space-found')).toContainText('Планёрки / Повестка');
  await demo.getByTestId('space-search').fill('');
  await expect(demo.getByTestId('space-section-favorites')).not.toContainText('Планёрки'); // favourites are the admin's

  // The demo's sales space shows its widgets with the reader's figures.
  await demo.getByTestId('space-section-all').getByText('Отдел продаж').click();
  await expect(demo.getByTestId('space-widget')).toHaveCount(2);
  await other.close();

  expect(errors).toEqual([]);
  expect(demoErrors).toEqual([]);
});
