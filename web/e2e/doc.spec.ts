// Documents against the real server and its demo company: the demo user
// makes a folder, drops two files on its list (each uploads with its
// progress and becomes a document), opens the image's preview, writes a
// text document, edits it again, and restores its first version; then
// two tabs edit it at once and neither text is lost. The image is shared
// by a public link with a password, opened signed out, and revoked.
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, signIn } from './helpers';

test.use({ viewport: { width: 1400, height: 900 } });

// A 1×1 PNG.
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** dropFiles drops files on the list's drop zone as a file manager would. */
async function dropFiles(page: Page, files: { name: string; type: string; base64: string }[]) {
  const dt = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, files);
  const zone = page.getByTestId('doc-dropzone');
  await zone.dispatchEvent('dragover', { dataTransfer: dt });
  await zone.dispatchEvent('drop', { dataTransfer: dt });
}

/** text is the rich-text editor's editable area. */
const text = (p: Page) => p.getByTestId('doc-editor-text').locator('.ProseMirror');

/** write replaces the editor's text with lines typed as a person would ("- " starts a list). */
async function write(p: Page, lines: string[]) {
  await text(p).click();
  await p.keyboard.press('ControlOrMeta+a');
  await p.keyboard.press('Delete');
  for (const [i, line] of lines.entries()) {
    if (i > 0) await p.keyboard.press('Enter');
    await p.keyboard.type(line);
  }
}

test('files dropped, an image previewed, a text written, edited and its first version restored', async ({ page, context, browser }) => {
  await signIn(page);
  const errors = collectErrors(page);

  await page.goto('/docs');
  await expect(page.getByTestId('doc-folder').filter({ hasText: 'Общие документы' })).toBeVisible(); // the demo's folders
  await page.getByTestId('doc-new-folder-name').fill('Проект «Север»');
  await page.getByTestId('doc-new-folder').click();
  await page.waitForURL(/\/docs\/list\?folder=\d+$/);
  const folderId = new URL(page.url()).searchParams.get('folder')!;
  await expect(page.getByTestId('doc-folder').filter({ hasText: 'Проект «Север»' })).toBeVisible();

  // The folder's author owns it and gives the sales department the reader's role.
  await expect(page.getByTestId('doc-right')).toHaveCount(1);
  await page.getByTestId('doc-right-who').click();
  await page.getByTestId('doc-right-who').fill('Продажи');
  await page.getByRole('option', { name: /Продажи · отдел/ }).click();
  await page.getByTestId('doc-right-give').click();
  await expect(page.getByTestId('doc-right').filter({ hasText: 'Продажи' })).toContainText('Читатель');

  await dropFiles(page, [
    { name: 'схема.png', type: 'image/png', base64: PIXEL },
    { name: 'заметки.txt', type: 'text/plain', base64: Buffer.from('первая строка\n').toString('base64') },
  ]);
  const rows = page.getByTestId('doc-row');
  await expect(rows).toHaveCount(2);
  await expect(rows).toHaveText(['заметки.txt', 'схема.png']);
  await expect(page.getByTestId('doc-upload')).toHaveCount(0);

  await rows.filter({ hasText: 'схема.png' }).getByRole('link').click();
  await page.waitForURL(/\/docs\/\d+\/card$/);
  const img = page.getByTestId('doc-image');
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
  await expect(page.getByTestId('doc-version')).toHaveCount(1);
  await expect.poll(() => page.getByTestId('doc-thumbnail').evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
  await expect(page.getByTestId('doc-right').filter({ hasText: 'Продажи' })).toHaveAttribute('data-inherited', 'true');

  // A public link with a password opens, signed out, the file and nothing else; revoked, it is gone.
  await page.getByTestId('doc-open-share').click();
  await page.getByTestId('doc-share-password').fill('секрет 42');
  await page.getByTestId('doc-share-create').click();
  const link = await page.getByTestId('doc-share-url').inputValue();
  expect(link).toMatch(/\/share\/[\w-]{20,}$/);
  await expect(page.getByTestId('doc-share')).toHaveCount(1);
  const stranger = await browser.newContext();
  const outside = await stranger.newPage();
  await outside.goto(link);
  await outside.locator('input[name=password]').fill('секрет 42');
  await outside.locator('button[type=submit]').click();
  await expect(outside.locator('h1')).toHaveText('схема.png');
  const download = outside.waitForEvent('download');
  await outside.locator('button[type=submit]').click();
  expect((await download).suggestedFilename()).toBe('схема.png');
  await page.getByTestId('doc-share-revoke').click();
  await expect(page.getByTestId('doc-share')).toHaveCount(0);
  expect((await outside.goto(link))!.status()).toBe(404);
  await stranger.close();
  await page.keyboard.press('Escape');

  // A new file is a new version.
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('doc-new-file').click();
  await (await chooser).setFiles({ name: 'схема-2.png', mimeType: 'image/png', buffer: Buffer.from(PIXEL, 'base64') });
  await expect(page.getByTestId('doc-version')).toHaveCount(2);
  await expect(page.getByTestId('doc-download')).toContainText('схема-2.png');
  await page.goto(`/docs/list?folder=${folderId}`);

  await page.getByTestId('doc-new-text-name').fill('Протокол встречи');
  await page.getByTestId('doc-new-text').click();
  await page.waitForURL(/\/editor\/\d+\/edit$/);
  const docId = page.url().split('/')[4];
  await write(page, ['Решили начать в марте.']);
  await page.getByTestId('doc-editor-save').click();
  await expect(page.getByTestId('doc-editor-saved')).toBeVisible();
  await expect(page.getByTestId('doc-editor-revision')).toHaveText('Версия 1');

  // Edit it again, from the document's page.
  await page.goto(`/docs/${docId}/card`);
  await expect(page.getByTestId('doc-preview')).toContainText('Решили начать в марте.');
  await page.getByTestId('doc-open-editor').click();
  await page.waitForURL(`/editor/${docId}/edit`);
  await expect(text(page)).toHaveText('Решили начать в марте.');
  await write(page, ['Решили начать в апреле.', '- бюджет', 'сроки']);
  await page.getByTestId('doc-editor-save').click();
  await expect(page.getByTestId('doc-editor-revision')).toHaveText('Версия 2');

  await page.goto(`/docs/${docId}/card`);
  await expect(page.getByTestId('doc-preview')).toContainText('Решили начать в апреле.');
  await expect(page.getByTestId('doc-preview').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('doc-version')).toHaveCount(2);
  await page.locator('[data-testid="doc-version"][data-revision="1"]').getByTestId('doc-restore').click();
  await expect(page.getByTestId('doc-version')).toHaveCount(3);
  await expect(page.getByTestId('doc-shown-revision')).toContainText('Версия 3');
  await expect(page.getByTestId('doc-preview')).toContainText('Решили начать в марте.');

  // The old revision keeps its own address.
  await page.goto(`/docs/${docId}/2`);
  await expect(page.getByTestId('doc-preview')).toContainText('Решили начать в апреле.');

  // Two tabs open the editor; the second saves first; the first tab's save
  // is refused with the other text shown, its own kept, and goes through
  // once merged.
  await page.goto(`/editor/${docId}/edit`);
  const other = await context.newPage();
  await other.goto(`/editor/${docId}/edit`);
  await write(other, ['Решили начать в марте. Бюджет утвердили.']);
  await other.getByTestId('doc-editor-save').click();
  await expect(other.getByTestId('doc-editor-revision')).toHaveText('Версия 4');
  await write(page, ['Решили начать в марте. Сроки сдвинули.']);
  await page.getByTestId('doc-editor-save').click();
  await expect(page.getByTestId('doc-editor-theirs')).toContainText('Бюджет утвердили.');
  await expect(text(page)).toHaveText('Решили начать в марте. Сроки сдвинули.');
  await write(page, ['Решили начать в марте. Бюджет утвердили. Сроки сдвинули.']);
  await page.getByTestId('doc-editor-save').click();
  await expect(page.getByTestId('doc-editor-revision')).toHaveText('Версия 5');
  await expect(page.getByTestId('doc-editor-theirs')).toHaveCount(0);

  // The notes are dropped from their page.
  await page.goto(`/docs/list?folder=${folderId}`);
  await page.getByTestId('doc-row').filter({ hasText: 'заметки.txt' }).getByRole('link').click();
  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('doc-drop').click();
  await page.waitForURL(`/docs/list?folder=${folderId}`);
  await expect(page.getByTestId('doc-row')).toHaveText(['Протокол встречи', 'схема.png']);

  // The folder is renamed; a folder with documents is not dropped.
  await page.getByTestId('doc-folder-rename').click();
  await page.getByTestId('doc-folder-rename-name').fill('Проект «Юг»');
  await page.getByTestId('doc-folder-rename-save').click();
  await expect(page.getByTestId('doc-folder-name')).toHaveText('Проект «Юг»');
  await expect(page.getByTestId('doc-folder').filter({ hasText: 'Проект «Юг»' })).toBeVisible();
  await page.getByTestId('doc-folder-drop').click();
  await expect(page.getByTestId('doc-folder-bar').locator('xpath=..').getByRole('alert')).toContainText('Папка не пуста');
  expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
});
