// Telephony against the real server: with the account on the simulated
// PBX, an incoming call from a client's number opens the widget in the
// main tab only (the other tab follows with a badge), shows the matched
// client, ends, and the call's to-do appears.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, collectErrors, signIn } from './helpers';

async function post(page: Page, path: string, data: unknown): Promise<Record<string, unknown>> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '';
  const res = await page.request.post(path, { data, headers: { 'X-CSRF-Token': decodeURIComponent(csrf) } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

test('an incoming call opens the widget in the main tab only, shows the client, ends and leaves a to-do', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const first = await context.newPage();
  await signIn(first, ADMIN);
  const second = await context.newPage();
  await second.goto('/calls');
  await expect(second.getByTestId('call-journal')).toBeVisible();
  const errors = [...collectErrors(first), ...collectErrors(second)];
  for (const p of [first, second]) await expect(p.locator('html')).toHaveAttribute('data-realtime', 'connected');
  await expect.poll(async () => (await Promise.all([first, second].map((p) => p.locator('html').getAttribute('data-main-tab')))).sort().join()).toBe('0,1');
  const [main, other] = (await first.locator('html').getAttribute('data-main-tab')) === '1' ? [first, second] : [second, first];

  const stamp = Date.now();
  const number = `+7 (9${String(stamp).slice(-9, -7)}) ${String(stamp).slice(-7, -4)}-${String(stamp).slice(-4, -2)}-${String(stamp).slice(-2)}`;
  await post(main, '/api/v3/contractorHuman', {
    firstName: `Звонящий ${stamp}`,
    contactInfo: [{ contentType: 'ContactInfo', type: 'phone', value: number }],
  });
  await post(main, '/api/v3/telephony/settings', { provider: 'simulated' });
  const me = (await (await main.request.get('/api/v3/currentUser')).json()) as { data: { id: string } };
  const callId = `e2e-${stamp}`;
  // The PBX writes the number its own way: digits with the trunk 8.
  const from = '8' + number.replace(/\D/g, '').slice(1);
  await post(main, '/api/v3/telephony/simulate', { callId, event: 'incoming', from, employeeId: Number(me.data.id) });

  const widget = main.getByTestId('call-widget');
  await expect(widget).toBeVisible();
  await expect(widget.getByTestId('call-widget-heading')).toHaveText('Входящий звонок');
  await expect(widget.getByTestId('call-widget-caller')).toContainText(`Звонящий ${stamp}`);
  await expect(other.getByTestId('call-widget-badge')).toHaveText('Входящий звонок');
  await expect(other.getByTestId('call-widget')).toHaveCount(0);

  await post(main, '/api/v3/telephony/simulate', { callId, event: 'talking' });
  await expect(widget).toHaveAttribute('data-state', 'talking');
  await expect(widget.getByTestId('call-widget-dtmf')).toBeVisible();
  await widget.getByTestId('call-widget-hangup').click();
  await expect(widget).toHaveAttribute('data-state', 'finished');
  await expect(widget.getByTestId('call-widget-heading')).toHaveText('Звонок завершён');
  await widget.getByPlaceholder('Результат звонка').fill('Договорились о демонстрации');
  await widget.getByRole('button', { name: 'Сохранить результат' }).click();
  await expect(widget).toContainText('Результат записан в дело');
  const todo = (await widget.getByTestId('call-widget-todo').getAttribute('href'))?.match(/(\d+)\/card$/)?.[1];
  const comments = await (await main.request.get(`/api/v3/todo/${todo}/comments`)).text();
  expect(comments).toContain('Договорились о демонстрации');
  await widget.getByTestId('call-widget-todo').click();
  await expect(main.getByText(`Входящий звонок ${from}`).first()).toBeVisible();
  await expect(main.getByText('Результат: разговор').first()).toBeVisible();

  // Click to call: the other tab's journal calls the number back.
  await other.reload();
  await expect(other.locator('html')).toHaveAttribute('data-realtime', 'connected');
  const row = other.getByTestId('call-row').first();
  await expect(row).toContainText(from);
  await row.locator(`[data-phone="${from}"]`).click();
  const outgoing = other.getByTestId('call-widget');
  await expect(outgoing.getByTestId('call-widget-heading')).toHaveText('Исходящий звонок');
  await outgoing.getByTestId('call-widget-hangup').click();
  await expect(outgoing.getByTestId('call-widget-heading')).toHaveText('Недозвон');
  expect(errors).toEqual([]);
});
