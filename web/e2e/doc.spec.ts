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

// A one-page PDF made by fpdf (internal/module/doc/preview_test.go).
const PDF =
  'JVBERi0xLjMKMyAwIG9iago8PC9UeXBlIC9QYWdlCi9QYXJlbnQgMSAwIFIKL1Jlc291cmNlcyAyIDAgUgovQ29udGVudHMgNCAwIFI+PgplbmRvYmoKNCAwIG9iago8PC9GaWx0ZXIgL0ZsYXRlRGVjb2RlIC9MZW5ndGggMTIzPj4Kc3RyZWFtCngBLMs9CsJAEAbQfk/xldqsM5P9cUqFKFjPBaI7KwYLCWKuL4LVqx7hEghzoJgr1kCRiHD+ew9Hw+7Uc5PmuQ9T5aI6ebpK2w9c1Ys0Ui/9llgKJEUiWMdovzlwZEVViVxhDZvD8vYnXot/Hr5ubcZo4RsAAP//dQgffgplbmRzdHJlYW0KZW5kb2JqCjEgMCBvYmoKPDwvVHlwZSAvUGFnZXMKL0tpZHMgWzMgMCBSIF0KL0NvdW50IDEKL01lZGlhQm94IFswIDAgNTk1LjI4IDg0MS44OV0KPj4KZW5kb2JqCjUgMCBvYmoKPDwvVHlwZSAvRm9udAovQmFzZUZvbnQgL0hlbHZldGljYS1Cb2xkCi9TdWJ0eXBlIC9UeXBlMQovRW5jb2RpbmcgL1dpbkFuc2lFbmNvZGluZwo+PgplbmRvYmoKMiAwIG9iago8PAovUHJvY1NldCBbL1BERiAvVGV4dCAvSW1hZ2VCIC9JbWFnZUMgL0ltYWdlSV0KL0ZvbnQgPDwKL0ZmNWQyZGU1ZjNhNzE2OTlhZTRiMmQ4MzE3OWU2MmQwOWU2ZmM0MTI2IDUgMCBSCj4+Ci9YT2JqZWN0IDw8Cj4+Ci9Db2xvclNwYWNlIDw8Cj4+Cj4+CmVuZG9iago2IDAgb2JqCjw8Ci9Qcm9kdWNlciAo/v8ARgBQAEQARgAgADEALgA3KQovQ3JlYXRpb25EYXRlIChEOjIwMjYxMTI4MTMwMTQ3KQovTW9kRGF0ZSAoRDoyMDI2MTEyODEzMDE0NykKPj4KZW5kb2JqCjcgMCBvYmoKPDwKL1R5cGUgL0NhdGFsb2cKL1BhZ2VzIDEgMCBSCi9OYW1lcyA8PAovRW1iZWRkZWRGaWxlcyA8PCAvTmFtZXMgWwogIApdID4+Cj4+Cj4+CmVuZG9iagp4cmVmCjAgOAowMDAwMDAwMDAwIDY1NTM1IGYgCjAwMDAwMDAyODAgMDAwMDAgbiAKMDAwMDAwMDQ2OCAwMDAwMCBuIAowMDAwMDAwMDA5IDAwMDAwIG4gCjAwMDAwMDAwODcgMDAwMDAgbiAKMDAwMDAwMDM2NyAwMDAwMCBuIAowMDAwMDAwNjI5IDAwMDAwIG4gCjAwMDAwMDA3NDIgMDAwMDAgbiAKdHJhaWxlcgo8PAovU2l6ZSA4Ci9Sb290IDcgMCBSCi9JbmZvIDYgMCBSCj4+CnN0YXJ0eHJlZgo4MzkKJSVFT0YK';

test('a large file uploads resumably through a broken connection, and a PDF shows its first page', async ({ page }) => {
  await signIn(page);
  const errors = collectErrors(page);
  await page.goto('/docs');
  await page.getByTestId('doc-new-folder-name').fill('Большие файлы');
  await page.getByTestId('doc-new-folder').click();
  await page.waitForURL(/\/docs\/list\?folder=\d+$/);
  // The address changes before the folder's page replaces the root's:
  // files dropped on the root's list would go to the root.
  await expect(page.getByTestId('doc-folder-name')).toHaveText('Большие файлы');

  // The first chunk's connection breaks: the page asks the server its offset and goes on.
  let broken = 0;
  await page.route('**/api/v3/file/upload/*', async (route) => {
    if (route.request().method() === 'PATCH' && broken === 0) {
      broken++;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  const patches: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/v3/file/upload/')) patches.push(r.headers()['upload-offset']);
  });
  // 10 MB: past the 8 MB from which the web app uploads in chunks.
  const dt = await page.evaluateHandle((pdf) => {
    const dt = new DataTransfer();
    const big = new Uint8Array(10 << 20);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    dt.items.add(new File([big], 'архив.bin', { type: 'application/octet-stream' }));
    dt.items.add(new File([Uint8Array.from(atob(pdf), (c) => c.charCodeAt(0))], 'счёт.pdf', { type: 'application/pdf' }));
    return dt;
  }, PDF);
  const zone = page.getByTestId('doc-dropzone');
  await zone.dispatchEvent('dragover', { dataTransfer: dt });
  await zone.dispatchEvent('drop', { dataTransfer: dt });
  const rows = page.getByTestId('doc-row');
  await expect(rows).toHaveText(['архив.bin', 'счёт.pdf'], { timeout: 30_000 });
  await expect(page.getByTestId('doc-upload')).toHaveCount(0);
  expect(broken).toBe(1);
  // Sent from 0 (broken), again from 0, then from 4 and 8 MB.
  expect(patches).toEqual(['0', '0', String(4 << 20), String(8 << 20)]);

  await rows.filter({ hasText: 'архив.bin' }).getByRole('link').click();
  await page.waitForURL(/\/docs\/\d+\/card$/);
  const href = await page.getByTestId('doc-download').getAttribute('href');
  const head = await page.request.get(href!, { headers: { Range: 'bytes=4096-4097' } });
  expect(head.status()).toBe(206);
  expect([...(await head.body())]).toEqual([4096 % 251, 0]);

  await page.goBack();
  await rows.filter({ hasText: 'счёт.pdf' }).getByRole('link').click();
  await page.waitForURL(/\/docs\/\d+\/card$/);
  const preview = page.getByTestId('doc-pdf-preview');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((el) => (el as HTMLImageElement).naturalHeight)).toBe(320);
  // The one broken chunk is the only failed load the console may show.
  expect(errors.filter((e) => !e.includes('ERR_CONNECTION_RESET'))).toEqual([]);
});
