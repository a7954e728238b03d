// The knowledge base against the real server and its demo company: the
// demo user makes a base, writes an article with a child, drags a second
// article above the first, drops the first (with its child) to the trash,
// restores it and moves the second under it; an employee given the reader's role then sees the
// article read-only, until the owner closes one article to them with a role of its own.
import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, collectErrors, signIn, type User } from './helpers';

// A 1×1 PNG for the article's picture.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.use({ viewport: { width: 1400, height: 900 } });

const READER: User = { username: 'reader.e2e@artel.local', password: 'reader e2e password' };

/** dragRow drags a tree row by its handle onto another row, as a person would. */
async function dragRow(page: Page, row: Locator, onto: Locator) {
  const from = (await row.getByTestId('knowledge-tree-handle').boundingBox())!;
  const to = (await onto.boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 8, y - 8, { steps: 4 });
  await page.mouse.move(to.x + 40, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

const treeNames = (page: Page) => page.getByTestId('knowledge-tree-link');

test('a base, an article with a child, reordered, dropped and restored; a reader reads it', async ({ page, browser, baseURL }) => {
  await signIn(page);
  const errors = collectErrors(page);

  await page.goto('/knowledge');
  await expect(page.getByTestId('knowledge-base-row').first()).toBeVisible(); // the demo's handbook
  await page.getByTestId('knowledge-new-base-name').fill('Регламенты отдела');
  await page.getByTestId('knowledge-new-base').click();
  await page.waitForURL(/\/knowledge\/\d+$/);
  const baseId = page.url().split('/').pop()!;

  await page.getByTestId('knowledge-new-article-name').fill('Командировки');
  await page.getByTestId('knowledge-new-article').click();
  await page.waitForURL(/\/knowledge\/\d+\/\d+$/);
  const articleId = page.url().split('/').pop()!;
  await page.getByTestId('knowledge-edit').click();
  // Rich text: a paragraph, a list the editor makes of "- ", and an image.
  await page.getByTestId('knowledge-edit-text').locator('.ProseMirror').click();
  await page.keyboard.type('Поездки согласует руководитель.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- билеты');
  await page.keyboard.press('Enter');
  await page.keyboard.type('гостиница');
  await page.getByTestId('rich-image-input').setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('knowledge-edit-text').locator('img')).toHaveCount(1);
  await page.getByTestId('knowledge-save').click();
  await expect(page.getByTestId('knowledge-article-content')).toContainText('Поездки согласует руководитель.');
  await expect(page.getByTestId('knowledge-article-content').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('knowledge-article-content').locator('img[src^="/api/v3/file/"]')).toHaveCount(1);

  await page.getByTestId('knowledge-child-name').fill('Авансовый отчёт');
  await page.getByTestId('knowledge-add-child').click();
  await expect(page.getByTestId('knowledge-article-title')).toHaveText('Авансовый отчёт');
  await page.getByTestId('knowledge-new-article-name').fill('Отпуск');
  await page.getByTestId('knowledge-new-article').click();
  await expect(treeNames(page)).toHaveText(['Командировки', 'Авансовый отчёт', 'Отпуск']);

  // Drag «Отпуск» up onto «Командировки»: it goes before it.
  const rows = page.getByTestId('knowledge-tree-item');
  await dragRow(page, rows.filter({ hasText: 'Отпуск' }), rows.filter({ hasText: 'Командировки' }));
  await expect(treeNames(page)).toHaveText(['Отпуск', 'Командировки', 'Авансовый отчёт']);
  await page.reload();
  await expect(treeNames(page)).toHaveText(['Отпуск', 'Командировки', 'Авансовый отчёт']);

  // To the trash with its child, and back.
  await page.goto(`/knowledge/${baseId}/${articleId}`);
  await page.getByTestId('knowledge-delete').click();
  await page.waitForURL(new RegExp(`/knowledge/${baseId}$`));
  await expect(treeNames(page)).toHaveText(['Отпуск']);
  await page.getByTestId('knowledge-trash-link').click();
  const item = page.getByTestId('knowledge-trash-item').filter({ hasText: 'Командировки' });
  await item.getByTestId('knowledge-trash-restore').click();
  await expect(item).toHaveCount(0);
  await page.goto(`/knowledge/${baseId}`);
  await expect(treeNames(page)).toHaveText(['Отпуск', 'Командировки', 'Авансовый отчёт']);

  // Move «Отпуск» under «Командировки»: it goes last among its children.
  await treeNames(page).filter({ hasText: 'Отпуск' }).click();
  await page.getByTestId('knowledge-move').click();
  await page.getByTestId('knowledge-move-target').click();
  await page.getByRole('option', { name: 'Командировки', exact: true }).click();
  await expect(treeNames(page)).toHaveText(['Командировки', 'Авансовый отчёт', 'Отпуск']);

  // An employee with the reader's role reads it and changes nothing.
  const admin = await request.newContext({ baseURL });
  const token = (await (await admin.post('/api/v3/auth/access_token', { form: { grant_type: 'password', username: ADMIN.username, password: ADMIN.password } })).json()).access_token as string;
  const made = await admin.post('/api/v3/employee', {
    headers: { Authorization: `Bearer ${token}` },
    data: { firstName: 'Читатель', lastName: 'Тестов', login: READER.username, password: READER.password, canLogin: true, isWorking: true },
  });
  expect(made.ok()).toBeTruthy();
  await admin.dispose();
  await page.goto(`/knowledge/${baseId}`);
  await page.getByTestId('knowledge-right-who').fill('Читатель');
  await page.getByRole('option', { name: /Тестов Читатель/ }).click();
  await page.getByTestId('knowledge-right-role').click();
  await page.getByRole('option', { name: 'Читатель', exact: true }).click();
  await page.getByTestId('knowledge-right-give').click();
  await expect(page.getByTestId('knowledge-right').filter({ hasText: 'Тестов Читатель' })).toContainText('Читатель');

  const other = await browser.newContext();
  const readerPage = await other.newPage();
  await signIn(readerPage, READER);
  // The article's own address (what search and links open) finds its base.
  await readerPage.goto(`/knowledge/article/${articleId}`);
  await readerPage.waitForURL(new RegExp(`/knowledge/${baseId}/${articleId}$`));
  await expect(readerPage.getByTestId('knowledge-article-title')).toHaveText('Командировки');
  await expect(readerPage.getByTestId('knowledge-article')).toHaveAttribute('data-editable', 'no');
  await expect(readerPage.getByTestId('knowledge-edit')).toHaveCount(0);
  await expect(readerPage.getByTestId('knowledge-delete')).toHaveCount(0);
  await expect(readerPage.getByTestId('knowledge-tree-handle')).toHaveCount(0);
  await expect(readerPage.getByTestId('knowledge-new-article')).toHaveCount(0);
  await expect(treeNames(readerPage)).toHaveText(['Командировки', 'Авансовый отчёт', 'Отпуск']);

  // The owner closes «Отпуск» to the reader with a role of its own; it leaves the reader's tree.
  await treeNames(page).filter({ hasText: 'Отпуск' }).click();
  await page.getByTestId('knowledge-access').click();
  await expect(page.getByTestId('knowledge-rights-hint')).toContainText('открыта');
  await page.getByTestId('knowledge-right-who').fill('Читатель');
  await page.getByRole('option', { name: /Тестов Читатель/ }).click();
  await page.getByTestId('knowledge-right-role').click();
  await page.getByRole('option', { name: 'Нет доступа', exact: true }).click();
  await page.getByTestId('knowledge-right-give').click();
  await expect(page.getByTestId('knowledge-rights-hint')).toContainText('свой доступ');
  await readerPage.reload();
  await expect(treeNames(readerPage)).toHaveText(['Командировки', 'Авансовый отчёт']);
  await other.close();

  // «Отпуск» dropped, then deleted for good from the trash (asked first).
  await page.getByTestId('knowledge-delete').click();
  await page.waitForURL(new RegExp(`/knowledge/${baseId}$`));
  await page.getByTestId('knowledge-trash-link').click();
  const gone = page.getByTestId('knowledge-trash-item').filter({ hasText: 'Отпуск' });
  await gone.getByTestId('knowledge-trash-purge').click();
  await gone.getByTestId('knowledge-trash-purge-yes').click();
  await expect(gone).toHaveCount(0);
  await page.goto(`/knowledge/${baseId}`);
  await expect(treeNames(page)).toHaveText(['Командировки', 'Авансовый отчёт']);
  expect(errors).toEqual([]);
});
