// Sign-in and console helpers shared by the browser tests.
import { expect, type Locator, type Page } from '@playwright/test';

export interface User {
  username: string;
  password: string;
}

/** The demo company's ordinary user and its administrator (playwright.config.ts). */
export const DEMO: User = { username: 'demo@artel.local', password: 'demo12345' };
export const ADMIN: User = { username: 'admin@example.com', password: 'correct horse battery' };

/** signIn goes through the sign-in form and waits for the shell and the landing page. */
export async function signIn(page: Page, user: User = DEMO) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(user.username);
  await page.getByTestId('login-password').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login') && u.pathname !== '/');
  await expect(page.getByTestId('main-menu')).toBeVisible();
}

/** collectErrors records console errors and uncaught page errors from now on. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()} @ ${page.url()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message} @ ${page.url()}`));
  return errors;
}

/** drag moves a kanban card onto a column with the mouse, as a person would. */
export async function drag(page: Page, card: Locator, column: Locator) {
  await column.scrollIntoViewIfNeeded();
  const from = (await card.boundingBox())!;
  const to = (await column.boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + from.height - 6;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 12, y + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
  await page.mouse.up();
}

/** apiPost calls the API as the signed-in page (its session cookie and CSRF token), expecting success. */
export async function apiPost(page: Page, path: string, data: object): Promise<{ data: unknown }> {
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '');
  const r = await page.request.post(`/api/v3/${path}`, { data, headers: { 'X-CSRF-Token': csrf } });
  expect(r.ok(), `POST ${path}: ${r.status()}`).toBeTruthy();
  return (await r.json()) as { data: unknown };
}
