// Files on comments against the real server: attach a file in the
// composer, send a comment holding only the file, and download it from the
// feed byte for byte.
import { expect, test } from '@playwright/test';
import { DEMO, collectErrors, signIn } from './helpers';

test('a comment with only a file, downloaded from the feed', async ({ page }) => {
  await signIn(page, DEMO);
  const errors = collectErrors(page);
  const c = (await page.context().cookies()).find((x) => x.name === 'artel_csrf');
  const res = await page.request.post('/api/v3/task', {
    data: { name: `Файлы ${Date.now()}` },
    headers: { 'X-CSRF-Token': decodeURIComponent(c?.value ?? '') },
  });
  const task = (await res.json()).data as { id: string };
  await page.goto(`/task/${task.id}/card`);

  await page.getByTestId('comment-send').click();
  await expect(page.getByTestId('comment-feed')).toContainText('Напишите сообщение или прикрепите файл');

  const bytes = Buffer.from('отчёт за март\n');
  await page.getByTestId('comment-file-input').setInputFiles({ name: 'отчёт.txt', mimeType: 'text/plain', buffer: bytes });
  const composerFile = page.getByTestId('attachments').getByRole('link', { name: 'отчёт.txt' });
  await expect(composerFile).toBeVisible();
  await page.getByTestId('comment-send').click();

  const item = page.getByTestId('comment-feed').getByRole('link', { name: 'отчёт.txt' });
  await expect(item).toHaveCount(1);
  const href = await item.getAttribute('href');
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(bytes)).toBe(true);
  expect(download.headers()['x-content-type-options']).toBe('nosniff');
  expect(errors).toEqual([]);
});
