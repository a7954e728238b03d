// The live socket against the real server: what one browser changes shows
// in another's list and card without a reload, and the tabs of one browser
// keep exactly one main tab, handing the role over when it closes.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, collectErrors, signIn } from './helpers';

/** Updater interval (5 s) plus the time a refetch takes. */
const LIVE = { timeout: 12_000 };

/** A signed-in page of a browser of its own, with the routes its socket holds (from the server's ecomet.subscribed). */
async function signedInPage(browser: Browser): Promise<{ page: Page; routes: Set<string> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const routes = new Set<string>();
  page.on('websocket', (ws) => {
    routes.clear();
    ws.on('framereceived', (frame) => {
      const text = typeof frame.payload === 'string' ? frame.payload : frame.payload.toString();
      const m = JSON.parse(text) as { event: string; message: { routes?: string[] } };
      if (m.event === 'ecomet.subscribed') m.message.routes?.forEach((r) => routes.add(r));
    });
  });
  await signIn(page, DEMO);
  return { page, routes };
}

async function saveTag(page: Page, body: Record<string, unknown>, id?: string): Promise<string> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '';
  const res = await page.request.post(`/api/v3/tag${id ? `/${id}` : ''}`, { data: body, headers: { 'X-CSRF-Token': decodeURIComponent(csrf) } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

test('an edit in one browser shows in the other one list and card without a reload', async ({ browser }) => {
  const { page: writer } = await signedInPage(browser);
  const { page: reader, routes } = await signedInPage(browser);
  const errors = collectErrors(reader);
  const stamp = Date.now();
  const id = await saveTag(writer, { name: `Живая ${stamp}` });

  await reader.goto('/entity/Tag');
  await expect.poll(() => routes.has('entity.updated:Tag')).toBe(true);
  await expect(reader.locator('html')).toHaveAttribute('data-realtime', 'connected');
  const row = reader.locator(`[data-testid="entity-row"][data-id="${id}"]`);
  await expect(row).toContainText(`Живая ${stamp}`);

  await saveTag(writer, { name: `Переименована ${stamp}` }, id);
  await expect(row).toContainText(`Переименована ${stamp}`, LIVE);
  const added = await saveTag(writer, { name: `Новая ${stamp}` });
  await expect(reader.locator(`[data-testid="entity-row"][data-id="${added}"]`)).toContainText(`Новая ${stamp}`, LIVE);

  await row.getByText(`Переименована ${stamp}`).click();
  await expect(reader).toHaveURL(`/entity/Tag/${id}/card`);
  await expect.poll(() => routes.has(`entity.updated:Tag:${id}`)).toBe(true);
  await saveTag(writer, { name: `В карточке ${stamp}` }, id);
  await expect(reader.getByTestId('entity-title')).toHaveText(`В карточке ${stamp}`, LIVE);
  expect(reader.url()).toContain(`/entity/Tag/${id}/card`);
  expect(errors).toEqual([]);
});

test('two tabs of one browser have exactly one main tab, and closing it hands the role over', async ({ browser }) => {
  const { page: first } = await signedInPage(browser);
  const second = await first.context().newPage();
  await second.goto('/entity/Tag');
  await expect(second.getByTestId('main-menu')).toBeVisible();
  const roles = async () => Promise.all([first, second].map((p) => p.locator('html').getAttribute('data-main-tab')));
  await expect.poll(roles).toContain('1');
  expect((await roles()).sort()).toEqual(['0', '1']);
  await expect(second.locator('html')).toHaveAttribute('data-realtime', 'connected');

  const [main, other] = (await first.locator('html').getAttribute('data-main-tab')) === '1' ? [first, second] : [second, first];
  await main.close();
  await expect(other.locator('html')).toHaveAttribute('data-main-tab', '1', { timeout: 10_000 });
  await expect(other.locator('html')).toHaveAttribute('data-realtime', 'connected', { timeout: 10_000 });
});
