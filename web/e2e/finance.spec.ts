// Invoices against the real server and its demo company: an invoice made
// from a demo deal bills the deal's debt, is marked paid, and the deal's
// card then shows no debt; the invoice list shows it under "paid".
import { expect, test } from '@playwright/test';
import { ADMIN, collectErrors, signIn } from './helpers';

test.use({ viewport: { width: 1600, height: 900 } });

interface DealRow {
  id: string;
  name: string;
  debt?: { value: number } | null;
  invoicesCount?: number;
}

test('an invoice from a deal, marked paid, clears the deal\'s debt', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const query = encodeURIComponent(JSON.stringify({ limit: 50, fields: ['name', 'debt', 'invoicesCount'] }));
  const deals = (await (await page.request.get(`/api/v3/deal?${query}`)).json()).data as DealRow[];
  const deal = deals.find((d) => (d.debt?.value ?? 0) > 0 && !d.invoicesCount);
  expect(deal, 'a demo deal with a debt and no invoices').toBeTruthy();
  const debtOf = async () => ((await (await page.request.get(`/api/v3/deal/${deal!.id}`)).json()).data.debt as { value: number }).value;

  await page.goto(`/deals/${deal!.id}/card`);
  await expect(page.getByTestId('deal-debt')).not.toHaveText('0 ₽');
  await page.getByTestId('deal-new-invoice').click();

  // The new invoice bills the debt in one row, totalled live.
  await expect(page.getByTestId('invoice-card')).toBeVisible();
  const owed = deal!.debt!.value.toLocaleString('ru-RU', { maximumFractionDigits: 2 });
  await expect(page.getByTestId('invoice-total')).toContainText(owed);
  await page.getByTestId('invoice-payer').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('invoice-save').click();
  await page.waitForURL(/\/invoices\/\d+\/card$/);
  await expect(page.getByTestId('invoice-status')).toHaveAttribute('data-status', 'created');
  await expect(page.getByTestId('invoice-total')).toContainText(owed);

  await page.getByTestId('invoice-mark-paid').click();
  await expect(page.getByTestId('invoice-status')).toHaveAttribute('data-status', 'paid');
  await expect.poll(debtOf).toBe(0);

  await page.getByTestId('invoice-deal').click();
  await expect(page.getByTestId('deal-debt')).toHaveText('0 ₽');
  await expect(page.getByTestId('deal-invoices')).toContainText('Оплачен');

  await page.goto('/invoices?status=3');
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  await expect(page.getByTestId('invoice-list-total')).not.toHaveText('0 ₽');
  expect(errors).toEqual([]);
});
