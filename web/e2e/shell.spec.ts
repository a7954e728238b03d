// The shell against the real server: sign-in, the back-address, every menu
// item, the not-found page, the language switch, the landing page, the
// route redirects and registration by invite link.
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ADMIN, collectErrors, DEMO, signIn } from './helpers';

interface MenuItem {
  id: string;
  url: string;
  isEnabled: boolean;
}

/** The screen each standard menu item opens; the rest are generic lists. */
const screenOf: Record<string, string> = {
  desktop: 'dashboard',
  workspaces: 'workspaces',
  help: 'help-index',
  settings: 'settings',
  offers: 'offer-list',
  warehouse: 'consignment-list',
  docs: 'docs-page',
  knowledge: 'knowledge-page',
  reports: 'report-page',
  discuss: 'messenger',
  invoices: 'invoice-list',
  finance: 'finance-page',
};

async function menuItems(page: Page): Promise<MenuItem[]> {
  const res = await page.request.get('/api/v3/menu');
  expect(res.ok()).toBe(true);
  return ((await res.json()).data as MenuItem[]).filter((i) => i.isEnabled);
}

async function openEveryMenuItem(page: Page) {
  const errors = collectErrors(page);
  const items = await menuItems(page);
  expect(items.length).toBeGreaterThan(5);
  for (const item of items) {
    await page.getByTestId(`menu-item-${item.id}`).click();
    await expect(page.getByTestId(screenOf[item.id] ?? 'entity-list'), `menu item ${item.id}`).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await expect(page.getByTestId('route-error')).toHaveCount(0);
    await expect(page.getByTestId('unavailable')).toHaveCount(0);
    await expect(page.getByTestId(`menu-item-${item.id}`)).toHaveAttribute('data-active', 'true');
  }
  expect(errors).toEqual([]);
}

test('the demo user signs in through the form and lands on the default address', async ({ page }) => {
  await signIn(page, DEMO);
  const landing = (await (await page.request.get('/api/v3/menu/defaultUrl')).json()).data as string;
  await expect(page).toHaveURL(landing);
});

test('wrong credentials show an error and stay on the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(DEMO.username);
  await page.getByTestId('login-password').fill('not the password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('every menu item of the demo user opens its screen without errors', async ({ page }) => {
  await signIn(page, DEMO);
  await openEveryMenuItem(page);
});

test('every menu item of the administrator opens its screen without errors', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page.getByTestId('menu-item-settings')).toBeVisible();
  await openEveryMenuItem(page);
});

test('a signed-out visitor signs in and returns to the address they opened', async ({ page }) => {
  await page.goto('/crm/filter');
  await expect(page).toHaveURL('/login?backUrl=%2Fcrm%2Ffilter');
  await page.getByTestId('login-username').fill(DEMO.username);
  await page.getByTestId('login-password').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL('/crm/filter');
  await expect(page.getByTestId('entity-list')).toBeVisible();
});

test('a foreign back-address is not followed', async ({ page }) => {
  await page.goto('/login?backUrl=//example.com/x');
  await page.getByTestId('login-username').fill(DEMO.username);
  await page.getByTestId('login-password').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('main-menu')).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
});

test('an unknown address shows the not-found page inside the shell', async ({ page }) => {
  await signIn(page);
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('main-menu')).toBeVisible();
  await page.goto('/entity/NoSuchType');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('switching between Russian and English changes the menu labels', async ({ page }) => {
  await signIn(page);
  const tasks = page.getByTestId('menu-item-tasks');
  await expect(tasks).toHaveText('Задачи');
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-en').click();
  await expect(tasks).toHaveText('Tasks');
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-ru').click();
  await expect(tasks).toHaveText('Задачи');
});

test('/ lands on the server default, then on the remembered one', async ({ page }) => {
  await signIn(page);
  await page.goto('/');
  await expect(page).toHaveURL('/task/filter');
  const me = (await (await page.request.get('/api/v3/currentUser')).json()).data;
  await page.evaluate((id) => localStorage.setItem(`artel.landing.${id}`, JSON.stringify({ url: '/crm/filter', at: Date.now() })), me.id);
  await page.goto('/');
  await expect(page).toHaveURL('/crm/filter');
});

test('old and short addresses redirect to their routes', async ({ page }) => {
  await signIn(page);
  const cases: [string, string | RegExp][] = [
    ['/dashboard', '/newdashboard'],
    ['/task/templates', '/task/filter/templates'],
    ['/task?filterId=7', '/task/filter/7'],
    ['/crm', '/crm/filter'],
    ['/deals/list?program=-2', '/deals/list/-2'],
    ['/topics/5/card', '/discuss/chat/5/'],
    ['/todo', '/todo/list/myItems'],
    ['/time', '/time/week'],
    ['/support', '/help'],
    ['/menuitem/crm', '/crm/filter'],
    ['/docs/5', '/docs/5/card'],
  ];
  for (const [from, to] of cases) {
    await page.goto(from);
    await expect(page, from).toHaveURL(to);
  }
});

test('add-form addresses open create forms', async ({ page }) => {
  await signIn(page);
  for (const path of ['/task/add', '/crm/add', '/deals/add', '/event/add', '/bp/1/add', '/task/filter/5/task/add']) {
    await page.goto(path);
    await expect(page.getByTestId('entity-form-page'), path).toBeVisible();
  }
});

test('the seasonal theme toggle puts its class on the page', async ({ page }) => {
  await signIn(page);
  const toggle = page.getByTestId('theme-toggle');
  await expect(page.locator('html')).not.toHaveClass(/artel-theme-ny/);
  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/artel-theme-ny/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/artel-theme-ny/);
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).not.toHaveClass(/artel-theme-ny/);
});

test('an invite link registers a new employee and signs them in', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const invite = (await (await page.request.get('/api/v3/employee/inviteLink')).json()).data;
  const guest = await browser.newPage();
  await guest.goto(invite.url);
  await guest.getByTestId('invite-firstName').fill('Ирина');
  await guest.getByTestId('invite-lastName').fill('Новикова');
  await guest.getByTestId('invite-email').fill('irina.novikova@example.com');
  await guest.getByTestId('invite-password').fill('short');
  await guest.getByTestId('invite-submit').click();
  await expect(guest.getByTestId('invite-password')).toHaveAttribute('data-invalid', 'true');
  await expect(guest.getByText('Пароль слишком простой', { exact: false })).toBeVisible();
  await guest.getByTestId('invite-password').fill('a long enough password');
  await guest.getByTestId('invite-submit').click();
  await expect(guest.getByTestId('main-menu')).toBeVisible();
  await guest.close();
});

/** scriptBytes loads path and sums the gzipped size of every script the page fetched. */
async function scriptBytes(page: Page, path: string, ready: string): Promise<{ gzip: number; count: number }> {
  const urls = new Set<string>();
  const onResponse = (r: { url(): string; request(): { resourceType(): string } }) => {
    if (r.request().resourceType() === 'script') urls.add(r.url());
  };
  page.on('response', onResponse);
  await page.goto(path);
  await expect(page.getByTestId(ready)).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  let gzip = 0;
  for (const u of urls) gzip += gzipSync(await (await page.request.get(u)).body()).length;
  return { gzip, count: urls.size };
}

test('the app reports its timings and administrators read them', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/crm/filter');
  await expect(page.getByTestId('entity-list')).toBeVisible();
  // Records go out after 5 s of quiet; leaving the page sends the rest.
  await page.goto('about:blank');
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/v3/profiling');
      const body = (await res.json()) as { data: { name: string; count: number }[] };
      return body.data.map((r) => r.name);
    }, { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['app.startup']));
});

test('the first screen loads at most 300 KB of gzipped JavaScript', async ({ page }) => {
  // Each figure comes from a page of its own, so chunks another page was
  // still fetching are not counted against this one.
  const measure = async (path: string, ready: string) => {
    const fresh = await page.context().newPage();
    try {
      return await scriptBytes(fresh, path, ready);
    } finally {
      await fresh.close();
    }
  };
  const login = await measure('/login', 'login-submit');
  await signIn(page);
  await page.evaluate(() => localStorage.clear());
  const dashboard = await measure('/newdashboard', 'dashboard');
  console.log(`first screen JS (gzip): login ${(login.gzip / 1024).toFixed(1)} KB in ${login.count} files, dashboard ${(dashboard.gzip / 1024).toFixed(1)} KB in ${dashboard.count} files`);
  expect(login.gzip).toBeLessThanOrEqual(300 * 1024);
  expect(dashboard.gzip).toBeLessThanOrEqual(300 * 1024);
});

/** setLicenceEnd changes the demo account's licence through the binary's own command. */
function setLicenceEnd(until: string) {
  const bin = fileURLToPath(new URL('../../bin/artel', import.meta.url));
  const data = fileURLToPath(new URL('../.e2e-data', import.meta.url));
  execFileSync(bin, ['account', 'licence', '--account', '1', '--until', until, '--data', data]);
}

// The server caches the licence for 3 s.
const LICENCE_CACHE_MS = 3500;

test('with the licence over only the account pages open', async ({ page }) => {
  await signIn(page, ADMIN);
  setLicenceEnd('2020-01-01');
  try {
    await page.waitForTimeout(LICENCE_CACHE_MS);
    await page.goto('/task/filter');
    await expect(page).toHaveURL('/BumsCommon/Error/licenseExpired.html');
    await expect(page.getByTestId('licence-expired')).toBeVisible();
    await page.getByRole('link', { name: 'Открыть страницу аккаунта' }).click();
    await expect(page.getByTestId('account')).toBeVisible();
    await expect(page).toHaveURL('/settings/account/order/list');
  } finally {
    setLicenceEnd('none');
    await page.waitForTimeout(LICENCE_CACHE_MS);
  }
  await page.goto('/task/filter');
  await expect(page.getByTestId('entity-list')).toBeVisible();
});
