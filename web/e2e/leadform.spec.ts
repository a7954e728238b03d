// Lead forms against the real server: the administrator builds a form
// with three fields (one a client's extra field) and its colour, a visitor (no session) sends it from the public page,
// and the client it made is found in the client list by the phone
// written another way (docs/crm.md, "Lead forms").
import { expect, test } from '@playwright/test';
import { ADMIN, apiPost, collectErrors, signIn } from './helpers';

test('a lead sent from the public page arrives as a client', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const stamp = String(Date.now()).slice(-7);
  const name = `Заявка с сайта ${stamp}`;
  // A person's extra field the form will fill: a choice of cities.
  const city = (await apiPost(page, 'contractorHuman/extraFields', { contentType: 'EnumField', hrName: `Город ${stamp}`,
    enumValues: ['Москва', 'Казань'] })).data as { name: string };

  await page.goto('/settings/integrations/customLeadForm/list');
  await page.getByTestId('lead-form-new').click();
  await page.getByTestId('lead-form-name').fill(name);
  await page.getByLabel('Текст после отправки').fill('Спасибо, мы перезвоним');
  await page.getByLabel('Капча').uncheck();
  await page.getByLabel('Основной цвет').fill('#c2255c');
  await page.getByTestId('lead-form-theme').getByText('Слева', { exact: true }).click();
  await page.getByTestId('lead-form-save').click();
  await expect(page).toHaveURL(/customLeadForm\/\d+$/);

  const addField = async (target: string, caption: string) => {
    const before = await page.getByTestId('lead-form-element').count();
    await page.getByTestId('lead-form-target').click();
    await page.getByRole('option', { name: target, exact: true }).click();
    await page.getByTestId('lead-form-caption').fill(caption);
    await page.getByTestId('lead-form-add-field').click();
    await expect(page.getByTestId('lead-form-element')).toHaveCount(before + 1);
  };
  await addField('Имя', 'Как вас зовут');
  await addField('Телефон', 'Ваш телефон');
  await addField(`Город ${stamp}`, 'Ваш город');
  await expect(page.getByTestId('lead-form-element')).toHaveCount(3);
  const snippet = await page.getByTestId('lead-form-snippet').textContent();
  const address = /src="([^"]+)"/.exec(snippet ?? '')![1];

  // A visitor with no session, on the page the snippet embeds.
  const visitor = await browser.newPage({ locale: 'ru-RU' });
  await visitor.goto(`${address}?utm_source=e2e`);
  // The theme set in the editor is the page's look.
  await expect(visitor.getByRole('button', { name: 'Отправить' })).toHaveCSS('background-color', 'rgb(194, 37, 92)');
  await expect(visitor.locator('body')).toHaveAttribute('data-align', 'left');
  await visitor.getByLabel('Как вас зовут').fill(`Гость ${stamp}`);
  await visitor.getByLabel('Ваш город').selectOption('Казань');
  await visitor.getByLabel('Ваш телефон').fill(`+7 (913) ${stamp.slice(0, 3)}-${stamp.slice(3, 5)}-${stamp.slice(5)}`);
  await visitor.getByRole('button', { name: 'Отправить' }).click();
  await expect(visitor.getByText('Спасибо, мы перезвоним')).toBeVisible();
  await visitor.close();

  await page.goto('/settings/integrations/customLeadForm/list');
  await expect(page.getByTestId('lead-forms').getByRole('row', { name: new RegExp(name) })).toContainText('1');
  await page.goto(`/crm/filter?q=8913${stamp}`);
  await expect(page.getByText(`Гость ${stamp}`).first()).toBeVisible();
  const made = await page.request.get(`/api/v3/contractorHuman?${encodeURIComponent(JSON.stringify({ q: `Гость ${stamp}`, fields: [city.name] }))}`);
  expect(((await made.json()) as { data: Record<string, unknown>[] }).data[0][city.name]).toBe('Казань');
  expect(errors).toEqual([]);
});
