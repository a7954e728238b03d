// Webhooks and automation against the real server: the administrator
// subscribes a URL this test serves (a real Node HTTP server) to task
// events, a new task arrives there signed and shows in the delivery log;
// then a rule on new tasks acts and its run shows in the history
// (docs/integration.md).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, collectErrors, signIn } from './helpers';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

async function receiver() {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { got, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

async function createTask(page: Page, name: string): Promise<string> {
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '');
  const res = await page.request.post('/api/v3/task', { data: { name }, headers: { 'X-CSRF-Token': csrf } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

test('a task event reaches the subscribed URL signed and is in the delivery log', async ({ page }) => {
  const rc = await receiver();
  try {
    await signIn(page, ADMIN);
    const errors = collectErrors(page);
    await page.goto('/settings/integrations');
    await page.getByTestId('link-webhooks').click();
    await page.getByTestId('webhook-url').fill(rc.url);
    await page.getByTestId('webhook-type').click();
    await page.getByTestId('webhook-type').fill('Task');
    await page.getByRole('option', { name: /\(Task\)$/ }).click();
    await page.getByTestId('webhook-create').click();
    await expect(page).toHaveURL(/webhooks\/\d+$/);
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toHaveLength(64);

    const name = `Задача для вебхука ${Date.now()}`;
    const id = await createTask(page, name);
    await expect.poll(() => rc.got.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const hit = rc.got[0];
    const body = JSON.parse(hit.body) as { event: string; contentType: string; id: string; data: { name: string } };
    expect(body).toMatchObject({ event: 'on_after_create', contentType: 'Task', id, data: { name } });
    const sig = 'sha256=' + createHmac('sha256', secret).update(hit.body).digest('hex');
    expect(hit.headers['x-artel-signature']).toBe(sig);

    await page.getByTestId('webhook-refresh').click();
    const row = page.getByTestId('delivery').filter({ hasText: `Task ${id}` });
    await expect(row).toContainText('Доставлено');
    await expect(row.getByTestId('delivery-try')).toContainText('200');
    expect(errors).toEqual([]);
  } finally {
    rc.server.close();
  }
});

test('an automation rule on new tasks acts and its run is in the history', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const stamp = String(Date.now()).slice(-7);
  await page.goto('/settings/integrations/automation');
  await page.getByTestId('automation-new').click();
  await page.getByTestId('automation-name').fill(`Проверка счетов ${stamp}`);
  await page.getByTestId('automation-filter').fill(JSON.stringify({
    contentType: 'FilterConfig',
    termGroup: { join: 'and', terms: [{ contentType: 'FilterTermString', field: 'name', comparison: 'contains', value: `счёт ${stamp}` }] },
  }));
  await page.getByTestId('action-name').fill(`Проверить оплату ${stamp}`);
  await page.getByTestId('automation-save').click();
  await expect(page).toHaveURL(/automation\/\d+$/);

  await createTask(page, `Позвонить ${stamp}`);
  const id = await createTask(page, `Выставить счёт ${stamp}`);
  await expect(async () => {
    await page.getByTestId('automation-refresh').click();
    await expect(page.getByTestId('automation-run')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const run = page.getByTestId('automation-run');
  await expect(run).toContainText(`Task ${id}`);
  await expect(run).toContainText('Выполнено');

  const q = { fields: ['name'], filter: { contentType: 'FilterConfig', termGroup: { join: 'and', terms: [
    { contentType: 'FilterTermString', field: 'name', comparison: 'contains', value: `Проверить оплату ${stamp}` }] } } };
  const res = await page.request.get(`/api/v3/task?${encodeURIComponent(JSON.stringify(q))}`);
  expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('a feature is tried for two weeks and given back, an administrator switches it; error reports are read', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  await page.goto('/settings/integrations');
  await page.getByTestId('link-features').click();
  const row = page.getByTestId('feature').filter({ has: page.getByTestId('feature-try') }).first();
  const name = (await row.locator('td').first().textContent()) ?? '';
  expect(name).not.toBe('');
  await page.getByTestId('feature-search').fill(name);
  const one = page.getByTestId('feature').filter({ hasText: name }).first();
  await expect(one).toContainText('Выключена');
  await one.getByTestId('feature-try').click();
  await expect(one).toContainText('Включена');
  await expect(one.getByTestId('feature-drive-until')).toContainText('Тест-драйв до');
  await expect(one.getByTestId('feature-try')).toHaveCount(0);
  // Given back early: off again, and not offered a second time.
  await one.getByTestId('feature-give-back').click();
  await expect(one).toContainText('Выключена');
  await expect(one.getByTestId('feature-drive-until')).toHaveCount(0);
  await expect(one.getByTestId('feature-try')).toHaveCount(0);
  await one.getByTestId('feature-enable').click();
  await expect(one).toContainText('Включена');
  await one.getByTestId('feature-disable').click();
  await expect(one).toContainText('Выключена');

  // The same client error reported twice is one row counted twice, its stack a click away.
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '');
  for (let i = 0; i < 2; i++) {
    const res = await page.request.post('/api/v3/error/report/megaspa', { headers: { 'X-CSRF-Token': csrf },
      data: { message: 'TypeError: e2e is not a function', stack: 'TypeError: e2e is not a function\n    at card.tsx:12', url: '/task/1/card' } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await page.goto('/settings/integrations');
  await page.getByTestId('link-errors').click();
  const report = page.getByTestId('error-report').filter({ hasText: 'e2e is not a function' });
  await expect(report.locator('td').nth(1)).toHaveText('2');
  await report.getByTestId('error-report-toggle').click();
  await expect(report.getByTestId('error-report-stack')).toContainText('card.tsx:12');

  // The screens opened were tracked; the page going away sends them at once (spec 001 §7.3).
  const batch = page.waitForRequest((r) => r.url().endsWith('/api/v3/trackBatch') && r.method() === 'POST');
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const events = ((await batch).postDataJSON() as { events: { type: string; key: string; value?: string; uid?: string }[] }).events;
  expect(events.some((e) => e.type === 'page' && e.value === '/settings/integrations/errors' && !!e.uid)).toBe(true);
  expect(errors).toEqual([]);
});

// Apps and widgets (docs/integration.md, "Apps" and "Widgets"): the sample
// app from the market places a sandboxed widget on the task card, which
// asks the card for its context over postMessage and shows it.
test('a market app\'s widget on a task card reads the task through the widget API', async ({ page }) => {
  // Three screens and two sandboxed frames: more than one minute on a busy machine.
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  await page.goto('/settings/integrations');
  await page.getByTestId('link-apps').click();
  await page.getByTestId('market-app').filter({ hasText: 'Card context' }).getByTestId('market-install').click();
  await expect(page.getByTestId('app-token')).toContainText('artapp_');
  await expect(page.getByTestId('installed-app').filter({ hasText: 'Card context' })).toBeVisible();

  const name = `Задача с виджетом ${Date.now()}`;
  const id = await createTask(page, name);
  await page.goto(`/task/${id}/card`);
  const iframe = page.locator('[data-placeholder="task_card_block"] [data-testid="integration-widget"]').first();
  // The card, then its widgets' list, then the frame: give the first sight time.
  await expect(iframe).toHaveAttribute('sandbox', 'allow-scripts', { timeout: 30_000 });
  const frame = iframe.contentFrame();
  await expect(frame.locator('#out')).toContainText(`Task #${id} ${name}`);
  await expect(frame.locator('#out')).toHaveAttribute('data-context', JSON.stringify({ contentType: 'Task', id, name }));
  await frame.locator('#note').click();
  await expect(page.getByText('Hello from the card context app')).toBeVisible();

  // Its page, from the left menu: the app_page placeholder, no card.
  await page.getByTestId('menu-app').filter({ hasText: 'Card context' }).click();
  await expect(page).toHaveURL(/\/apps\/\d+$/);
  await expect(page.locator('[data-placeholder="app_page"] iframe').contentFrame().locator('#out')).toContainText('app_page #—', { timeout: 30_000 });
  expect(errors).toEqual([]);
});

// A hostile widget: it tries the page's cookies, storage and DOM, the API
// directly, and the widget API beyond its app's scope (deal:read only,
// on a task card). Every attempt is stopped, and it says what it got.
const hostile = `<!doctype html><div id="r"></div><script>
var out = [];
function note(s) { out.push(s); document.getElementById('r').textContent = out.join(' '); }
function tryIt(label, fn) { try { fn(); note(label + ':read'); } catch (e) { note(label + ':' + e.name); } }
tryIt('cookie', function () { return document.cookie; });
tryIt('storage', function () { return window.localStorage.length; });
tryIt('parent', function () { return parent.document.title; });
fetch('/api/v3/currentUser').then(function () { note('fetch:read'); }, function () { note('fetch:blocked'); });
var n = 0;
window.addEventListener('message', function (e) { var m = e.data; if (m && m.artel === 1) note(m.id + ':' + (m.ok ? 'ok' : m.error)); });
parent.postMessage({ artel: 1, id: 'context', type: 'getContext' }, '*');
parent.postMessage({ artel: 1, id: 'open', type: 'openCard', data: { contentType: 'Task', id: '1' } }, '*');
</script>`;

test('a hostile widget reads neither the page nor data outside its scopes', async ({ page }) => {
  await signIn(page, ADMIN);
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '');
  const res = await page.request.post('/api/v3/integration', {
    headers: { 'X-CSRF-Token': csrf },
    data: { identifier: `evil.app-${Date.now()}`, name: 'Evil', scope: ['deal:read'], widgets: [{ placeholder: 'task_card_block', name: 'Evil', content: hostile }] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const app = ((await res.json()) as { data: { id: string; widgets: { uuid: string }[] } }).data;
  const uuid = app.widgets[0].uuid;
  try {
    const id = await createTask(page, `Задача под атакой ${Date.now()}`);
    await page.goto(`/task/${id}/card`);
    const out = page.locator(`[data-uuid="${uuid}"]`).contentFrame().locator('#r');
    await expect(out).not.toBeEmpty({ timeout: 30_000 });
    for (const got of ['cookie:SecurityError', 'storage:SecurityError', 'parent:SecurityError', 'fetch:blocked', 'context:scope', 'open:scope']) {
      await expect(out).toContainText(got);
    }
    await expect(out).not.toContainText(':read');
    await expect(out).not.toContainText(':ok');
    await expect(page).toHaveURL(new RegExp(`/task/${id}/card`));
  } finally {
    // Its blocked attempts are console errors on every task card: later
    // flows on the same demo company must not meet it.
    const del = await page.request.delete(`/api/v3/integration/${app.id}`, { headers: { 'X-CSRF-Token': csrf } });
    expect(del.ok(), await del.text()).toBe(true);
  }
});

// The placeholders on the lists, the add forms and the cards: one app
// with a small widget at each, found where the screen places it.
test('an app\'s widgets appear at the lists\', forms\' and cards\' placeholders', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '');
  const places = ['task_list', 'task_add', 'task_card_top', 'task_card_status', 'client_list', 'client_add', 'client_card_top', 'client_card_tabs',
    'deal_list', 'deal_card_top', 'deal_card_status', 'deal_positions', 'deal_card_tabs', 'employee_list', 'employee_card_info', 'events_list'];
  const res = await page.request.post('/api/v3/integration', {
    headers: { 'X-CSRF-Token': csrf },
    data: { identifier: `places.app-${Date.now()}`, name: 'Places', scope: [],
      widgets: places.map((p) => ({ placeholder: p, name: p, content: `<!doctype html><p>${p}</p>` })) },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const app = ((await res.json()) as { data: { id: string } }).data;
  const slot = (placeholder: string) => page.locator(`[data-testid="widget-slot"][data-placeholder="${placeholder}"]`);
  try {
    const task = await createTask(page, `Задача с виджетами ${Date.now()}`);
    const deals = (await (await page.request.get(`/api/v3/deal?${encodeURIComponent(JSON.stringify({ limit: 1 }))}`)).json()).data as { id: string }[];
    const clients = (await (await page.request.get(`/api/v3/contractorHuman?${encodeURIComponent(JSON.stringify({ limit: 1 }))}`)).json()).data as { id: string }[];
    const me = (await (await page.request.get('/api/v3/currentUser')).json()).data as { id: string };
    for (const [path, expected] of [
      ['/task/filter', ['task_list']], ['/task/add', ['task_add']], [`/task/${task}/card`, ['task_card_top', 'task_card_status']],
      ['/crm', ['client_list']], ['/crm/add', ['client_add']], [`/crm/${clients[0].id}/card`, ['client_card_top', 'client_card_tabs']],
      ['/deals', ['deal_list']], [`/deals/${deals[0].id}/card`, ['deal_card_top', 'deal_card_status', 'deal_positions', 'deal_card_tabs']],
      ['/staff/list', ['employee_list']], [`/staff/${me.id}/card`, ['employee_card_info']], ['/todo', ['events_list']],
    ] as [string, string[]][]) {
      await page.goto(path);
      for (const p of expected) await expect(slot(p).locator('iframe'), `${p} on ${path}`).toHaveCount(1);
    }
  } finally {
    const del = await page.request.delete(`/api/v3/integration/${app.id}`, { headers: { 'X-CSRF-Token': csrf } });
    expect(del.ok(), await del.text()).toBe(true);
  }
  expect(errors).toEqual([]);
});
