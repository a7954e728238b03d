// The deal screens against the real server and its demo company: a deal
// added to the sales process, dragged across the kanban to the next
// state, and drags the process refuses explained on screen; the card
// shows the moves in its status history.
import { expect, request, test } from '@playwright/test';
import { ADMIN, collectErrors, drag, signIn, type User } from './helpers';

// Wide enough for the process's six columns beside the menu.
test.use({ viewport: { width: 1800, height: 900 } });

test('a new deal is dragged to the next state, and refused drags say why', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  await page.goto('/deals/list/-1');
  await page.locator('[data-testid="deal-program"][data-name="Продажи"]').click();
  await page.getByTestId('deal-view-kanban').click();

  const name = `Сделка e2e ${Date.now()}`;
  await page.getByTestId('deal-quick-name').fill(name);
  await page.getByTestId('deal-quick-add').click();
  const column = (state: string) => page.locator(`[data-testid="deal-column"][data-state="${state}"]`);
  const card = page.locator('[data-testid="deal-card"]', { hasText: name });
  await expect(column('Новая').locator(card)).toBeVisible();
  const id = await card.getAttribute('data-id');
  const stateOf = async () => ((await (await page.request.get(`/api/v3/deal/${id}`)).json()).data.state as { id: string }).id;
  const entry = await stateOf();

  await drag(page, card, column('Квалификация'));
  await expect(column('Квалификация').locator(card)).toBeVisible();
  await expect.poll(stateOf).not.toBe(entry);

  // The offer needs a client: the server's reason is shown, the card stays.
  await drag(page, card, column('Предложение'));
  await expect(page.getByTestId('deal-board-refused')).toContainText('Для перехода «Отправить предложение» заполните поле «Клиент»');
  await expect(column('Квалификация').locator(card)).toBeVisible();
  await expect(column('Предложение').locator(card)).toHaveCount(0);

  // Nothing leads from Квалификация to Выиграна.
  await drag(page, card, column('Выиграна'));
  await expect(page.getByTestId('deal-board-refused')).toContainText('Из статуса «Квалификация» нет перехода в «Выиграна»');
  await expect(column('Квалификация').locator(card)).toBeVisible();

  // The card tells the story.
  await card.getByText(name).click();
  await expect(page.getByTestId('deal-card-page')).toBeVisible();
  await expect(page.getByTestId('deal-state')).toHaveText('Квалификация');
  await expect(page.getByTestId('deal-history').locator('tbody tr')).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('a demo deal with positions shows their sums, and its price is theirs', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  // The demo gives every eighth deal positions, starting with the first.
  // Invoices have rows too (features/finance); take a deal's.
  const res = await page.request.get('/api/v3/offerRow?' + encodeURIComponent(JSON.stringify({ limit: 100, fields: ['deal'] })));
  const row = ((await res.json()).data as { deal: { id: string } | null }[]).find((r) => r.deal) as { deal: { id: string } };
  const deal = (await (await page.request.get(`/api/v3/deal/${row.deal.id}`)).json()).data as { price: { value: number } };
  await page.goto(`/deals/${row.deal.id}/card`);
  await expect(page.getByTestId('deal-positions').locator('tbody tr').first()).toBeVisible();
  const shown = deal.price.value.toLocaleString('ru-RU', { maximumFractionDigits: 2 });
  await expect(page.getByTestId('deal-card-page')).toContainText(shown);
  expect(errors).toEqual([]);
});

// The new deal list is offered by its feature (feature_new_trade_list):
// switched off for the account, an employee without the user action gets
// the classic list of deals; the administrator, who holds every action,
// keeps the new one. The feature goes back to its default at the end.
test('with the new deal list switched off, an employee gets the classic list', async ({ page, browser, baseURL }) => {
  const admin = await request.newContext({ baseURL });
  const token = (await (await admin.post('/api/v3/auth/access_token', { form: { grant_type: 'password', username: ADMIN.username, password: ADMIN.password } })).json()).access_token as string;
  const headers = { Authorization: `Bearer ${token}` };
  const seller: User = { username: 'seller.e2e@artel.local', password: 'seller e2e password' };
  const made = await admin.post('/api/v3/employee', { headers,
    data: { firstName: 'Продавец', lastName: 'Тестов', login: seller.username, password: seller.password, canLogin: true, isWorking: true } });
  expect(made.ok(), await made.text()).toBeTruthy();
  const feature = (isAvailable: boolean | null) => admin.post('/api/v3/feature', { headers, data: { name: 'bums.trade_list_component', isAvailable } });
  expect((await feature(false)).ok()).toBeTruthy();
  try {
    const other = await browser.newContext();
    const sellerPage = await other.newPage();
    await signIn(sellerPage, seller);
    await sellerPage.goto('/deals/list/-1');
    await expect(sellerPage.getByTestId('entity-list')).toBeVisible();
    await expect(sellerPage.getByTestId('deal-programs')).toHaveCount(0);
    await other.close();

    await signIn(page, ADMIN);
    await page.goto('/deals/list/-1');
    await expect(page.getByTestId('deal-programs')).toBeVisible();
  } finally {
    await feature(null);
    await admin.dispose();
  }
});
