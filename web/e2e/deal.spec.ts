// The deal screens against the real server and its demo company: a deal
// added to the sales process, dragged across the kanban to the next
// state, and drags the process refuses explained on screen; the card
// shows the moves in its status history.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, collectErrors, signIn } from './helpers';

// Wide enough for the process's six columns beside the menu.
test.use({ viewport: { width: 1800, height: 900 } });

/** drag moves a kanban card onto a column with the mouse, as a person would. */
async function drag(page: Page, card: Locator, column: Locator) {
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
