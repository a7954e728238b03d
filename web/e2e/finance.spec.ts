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
  test.setTimeout(180_000); // one long flow: invoice, payments, PDF, finance page, template
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

test('a partial then the full payment from the invoice clear the deal\'s debt; the PDF opens', async ({ page, playwright }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const query = encodeURIComponent(JSON.stringify({ limit: 50, fields: ['name', 'debt', 'invoicesCount'] }));
  const deals = (await (await page.request.get(`/api/v3/deal?${query}`)).json()).data as DealRow[];
  const deal = deals.find((d) => (d.debt?.value ?? 0) >= 2 && !d.invoicesCount);
  expect(deal, 'a demo deal with a debt and no invoices').toBeTruthy();
  const owed = deal!.debt!.value;
  const debtOf = async () => ((await (await page.request.get(`/api/v3/deal/${deal!.id}`)).json()).data.debt as { value: number }).value;

  await page.goto(`/invoices/new?deal=${deal!.id}`);
  await expect(page.getByTestId('invoice-card')).toBeVisible();
  await page.getByTestId('invoice-payer').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('invoice-save').click();
  await page.waitForURL(/\/invoices\/\d+\/card$/);
  const invoiceId = /\/invoices\/(\d+)\/card/.exec(page.url())![1];

  // A part first: the invoice stays unpaid, the deal owes the rest.
  const part = Math.floor(owed / 3);
  await page.getByTestId('payment-sum').fill(String(part));
  await page.getByTestId('payment-register').click();
  await expect.poll(debtOf).toBe(Math.round((owed - part) * 100) / 100);
  await expect(page.getByTestId('invoice-status')).toHaveAttribute('data-status', 'created');
  await expect(page.getByTestId('invoice-paid')).toContainText(part.toLocaleString('ru-RU'));

  // The rest, offered by the form: the invoice is paid, the debt is zero.
  await expect(page.getByTestId('payment-sum')).toHaveValue(String(Math.round((owed - part) * 100) / 100));
  await page.getByTestId('payment-register').click();
  await expect(page.getByTestId('invoice-status')).toHaveAttribute('data-status', 'paid');
  await expect.poll(debtOf).toBe(0);

  // The PDF, signed in and through a public link until it is revoked.
  const href = await page.getByTestId('invoice-pdf').getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.getByTestId('invoice-link-create').click();
  const link = await page.getByTestId('invoice-public-link').inputValue();
  const anonymous = await playwright.request.newContext();
  expect((await anonymous.get(link)).status()).toBe(200);
  await page.getByTestId('invoice-link-revoke').click();
  await expect(page.getByTestId('invoice-link-create')).toBeVisible();
  expect((await anonymous.get(link)).status()).toBe(404);
  await anonymous.dispose();

  await page.getByTestId('invoice-deal').click();
  await expect(page.getByTestId('deal-debt')).toHaveText('0 ₽');

  // The finance page lists both incomes of the invoice and the balances.
  await page.goto('/finance');
  await expect(page.getByTestId('fin-account').first()).toBeVisible();
  await expect(page.getByTestId('fin-account-balance').first()).toContainText('₽');
  const paying = page.getByTestId('fin-operation').filter({ has: page.locator(`a[href="/invoices/${invoiceId}/card"]`) });
  await expect(paying).toHaveCount(2);

  // A CSV statement previewed, then booked as previewed on the cash desk: one expense, once.
  await page.getByTestId('fin-import-account').click();
  await page.getByRole('option', { name: 'Касса офиса' }).click();
  const csv = 'Дата;Номер;Сумма;Назначение\n27.10.2026;e2e-1;-123,45;Бутыли для кулера\n';
  await page.getByTestId('finance-page').locator('input[type="file"]').first().setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('fin-import-preview').click();
  await expect(page.getByTestId('fin-preview-line').filter({ hasText: 'Бутыли для кулера' })).toContainText('Расход');
  await page.getByTestId('fin-import').click();
  await expect(page.getByText(/Загружено 1, оплачено счетов 0/)).toBeVisible();
  await expect(page.getByTestId('fin-operation').filter({ hasText: 'Бутыли для кулера' })).toHaveCount(1);

  // The account's own legal entity, the payee of its invoices: its settlement account changed.
  const ours = page.getByTestId('fin-own-row').filter({ hasText: 'ООО «Артель Демо»' });
  await expect(ours).toContainText('по умолчанию');
  await ours.getByTestId('fin-own-edit').click();
  await page.getByTestId('fin-own-currentAccount').fill('40702810900000000777');
  await page.getByTestId('fin-own-save').click();
  await expect(ours).toContainText('40702810900000000777');

  // The administrator's invoice template: a header, and no signatures printed.
  const name = `Шаблон e2e ${Date.now()}`;
  await page.getByTestId('fin-template-name').fill(name);
  await page.getByTestId('fin-template-header').fill('Работаем без выходных');
  await page.getByTestId('fin-template-block-signatures').click();
  await page.getByTestId('fin-template-save').click();
  await expect(page.getByText('Шаблон сохранён')).toBeVisible();
  const templates = await (await page.request.get('/api/v3/invoice/template')).json();
  const saved = templates.data.find((x: { name: string }) => x.name === name);
  expect(saved.header).toBe('Работаем без выходных');
  expect(saved.hidden).toEqual(['signatures']);
  expect(errors).toEqual([]);
});

test('a client\'s card lists its invoices with what is left, and bills the client', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  // The demo's overdue invoice: drawn, its deadline long past.
  const query = encodeURIComponent(JSON.stringify({ limit: 50, fields: ['number', 'status', 'deadline', 'payer', 'sum'] }));
  const invoices = (await (await page.request.get(`/api/v3/invoice?${query}`)).json()).data as { id: string; status: string; deadline?: { year: number } | null; payer: { id: string } }[];
  const overdue = invoices.find((i) => i.status === 'drawn' && i.deadline);
  expect(overdue, 'the demo\'s overdue invoice').toBeTruthy();
  const payer = (await (await page.request.get(`/api/v3/payer/${overdue!.payer.id}`)).json()).data as { name: string; contractor: { contentType: string; id: string } };
  const client = payer.contractor;
  const card = client.contentType === 'ContractorCompany' ? `/crm/${client.id}/card?type=ContractorCompany` : `/crm/${client.id}/card`;
  await page.goto(card);

  const row = page.getByTestId('client-invoice').and(page.locator(`[data-id="${overdue!.id}"]`));
  await expect(row).toBeVisible();
  await expect(row.getByTestId('client-invoice-overdue')).toBeVisible();
  await expect(row.getByTestId('client-invoice-left')).not.toHaveText('0 ₽');
  await expect(page.getByTestId('client-invoices-owed')).not.toHaveText('0 ₽');

  // A new invoice from the card goes to the client's payer.
  await page.getByTestId('client-new-invoice').click();
  await expect(page.getByTestId('invoice-card')).toBeVisible();
  await expect(page.getByTestId('invoice-payer')).toHaveValue(payer.name);
  // Its payee, unless another is picked, is the account's own legal entity.
  await expect(page.getByTestId('invoice-recipient')).toHaveAttribute('placeholder', 'По умолчанию: ООО «Артель Демо»');
  // A row from the catalogue: the offer's name and price, in place of the blank row.
  await page.getByTestId('invoice-add-offer').fill('Монитор');
  await page.getByRole('option', { name: 'Монитор 27"' }).click();
  await expect(page.getByTestId('invoice-row-edit')).toHaveCount(1);
  await expect(page.getByTestId('row-name')).toHaveValue('Монитор 27"');
  await expect(page.getByTestId('row-sum')).toHaveText('24 000 ₽');
  await page.getByTestId('invoice-save').click();
  await page.waitForURL(/\/invoices\/\d+\/card$/);
  const id = /\/invoices\/(\d+)\/card/.exec(page.url())![1];
  const saved = (await (await page.request.get(`/api/v3/invoice/${id}`)).json()).data as { recipient: { id: string } | null };
  const recipient = (await (await page.request.get(`/api/v3/payer/${saved.recipient!.id}`)).json()).data as { name: string };
  expect(recipient.name).toBe('ООО «Артель Демо»');
  await page.goto(card);
  const made = page.getByTestId('client-invoice').and(page.locator(`[data-id="${id}"]`));
  await expect(made.getByTestId('client-invoice-left')).toHaveText('24 000 ₽');
  expect(errors).toEqual([]);
});
