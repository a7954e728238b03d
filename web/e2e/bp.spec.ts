// The process editor against the real server: an administrator makes a
// process of three states with two transitions (the second needing a
// client), sees it drawn as a flow, adds a deal and drags it across the
// kanban while the deal's manager, signed in elsewhere, watches the move
// arrive on their own board; the refused drag says why; the scenarios
// made in the editor run (a to-do on entering a state, a message and a
// changed field by a button on the card); a state made read-only for the
// price refuses the manager's price change and says why; system and
// schedule scenarios are made and edited with their event and days; a
// field added in the editor shows on the card, in the form and as a list
// column of the process's deal.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DEMO, collectErrors, drag, signIn } from './helpers';

test.use({ viewport: { width: 1600, height: 1000 } });

async function choose(page: Page, testId: string, option: string) {
  // A MultiSelect's pill box lies over its input: click through it.
  await page.getByTestId(testId).click({ force: true });
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a new process with three states runs its deals on the kanban, live for a second user', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  await page.goto('/deals/list/-1');
  await page.getByTestId('deal-program-new').click();
  const name = `Процесс e2e ${Date.now()}`;
  await page.getByTestId('process-new-name').fill(name);
  await page.getByTestId('process-new-create').click();
  await expect(page.getByTestId('process-editor')).toBeVisible();
  const programId = page.url().match(/\/bp\/(\d+)\/settings/)![1];

  for (const state of ['Заявка', 'В работе', 'Готово']) {
    await page.getByTestId('process-state-name').fill(state);
    await page.getByTestId('process-state-add').click();
    await expect(page.locator(`[data-testid="process-flow-state"][data-name="${state}"]`)).toBeVisible();
  }
  await expect(page.getByTestId('process-state')).toHaveCount(3);

  const transition = async (from: string, to: string, title: string, required?: string) => {
    await choose(page, 'process-transition-from', from);
    await choose(page, 'process-transition-to', to);
    await page.getByTestId('process-transition-name').fill(title);
    if (required) {
      await choose(page, 'process-transition-required', required);
      await page.keyboard.press('Escape');
    }
    await page.getByTestId('process-transition-add').click();
  };
  await transition('Заявка', 'В работе', 'Взять в работу');
  await expect(page.getByTestId('process-flow-arrow')).toHaveCount(1);
  await transition('В работе', 'Готово', 'Завершить', 'Клиент');
  await expect(page.getByTestId('process-flow-arrow')).toHaveCount(2);
  await expect(page.getByTestId('process-transition').nth(1)).toContainText('Завершить');

  // On entering В работе, a to-do for the manager.
  await page.getByTestId('process-trigger-name').fill('Звонок клиенту');
  await choose(page, 'process-trigger-states', 'В работе');
  await page.keyboard.press('Escape');
  await choose(page, 'process-trigger-action', 'Создать дело');
  await page.getByTestId('process-trigger-arg').fill('Позвонить клиенту');
  await page.getByTestId('process-trigger-add').click();
  await expect(page.getByTestId('process-trigger')).toHaveCount(1);

  // A button scenario of two actions: a message on the deal, then its description set.
  await page.getByTestId('process-trigger-name').fill('Напомнить');
  await choose(page, 'process-trigger-type', 'Кнопкой');
  await page.getByTestId('process-trigger-arg').fill('Клиент ждёт звонка');
  await page.getByTestId('process-trigger-action-add').click();
  await page.getByTestId('process-trigger-action').nth(1).click();
  await page.getByRole('option', { name: 'Изменить поле', exact: true }).click();
  await page.getByTestId('process-trigger-arg').nth(1).fill('Напомнили');
  await page.getByTestId('process-trigger-add').click();
  await expect(page.getByTestId('process-trigger')).toHaveCount(2);
  await expect(page.getByTestId('process-trigger').nth(1).getByTestId('process-trigger-action-list')).toHaveText('Отправить сообщение → Изменить поле');

  // A deal of the new process, managed by the demo user.
  await page.getByTestId('process-open-deals').click();
  await page.getByTestId('deal-view-kanban').click();
  const deal = `Сделка e2e ${Date.now()}`;
  await page.getByTestId('deal-quick-name').fill(deal);
  await page.getByTestId('deal-quick-add').click();
  const column = (p: Page, state: string) => p.locator(`[data-testid="deal-column"][data-state="${state}"]`);
  const card = (p: Page) => p.locator('[data-testid="deal-card"]', { hasText: deal });
  await expect(column(page, 'Заявка').locator(card(page))).toBeVisible();
  const id = await card(page).getAttribute('data-id');

  const other = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await signIn(other, DEMO);
  const otherErrors = collectErrors(other);
  const me = (await (await other.request.get('/api/v3/currentUser')).json()).data as { id: string };
  const csrf = (await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '';
  const set = await page.request.post(`/api/v3/deal/${id}`, {
    data: { manager: { contentType: 'Employee', id: me.id } },
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf) },
  });
  expect(set.ok()).toBeTruthy();
  await other.goto(`/bp/${programId}/list`);
  await other.getByTestId('deal-view-kanban').click();
  await expect(column(other, 'Заявка').locator(card(other))).toBeVisible();

  await drag(page, card(page), column(page, 'В работе'));
  await expect(column(page, 'В работе').locator(card(page))).toBeVisible();
  // The manager's board follows without a reload.
  await expect(column(other, 'В работе').locator(card(other))).toBeVisible({ timeout: 20_000 });

  // Завершить needs a client: refused, explained, the card stays.
  await drag(page, card(page), column(page, 'Готово'));
  await expect(page.getByTestId('deal-board-refused')).toContainText('Для перехода «Завершить» заполните поле «Клиент»');
  await expect(column(page, 'В работе').locator(card(page))).toBeVisible();
  await expect(column(page, 'Готово').locator(card(page))).toHaveCount(0);

  // The card offers the scenario; pressing it writes the message.
  await card(page).getByText(deal).click();
  await expect(page.getByTestId('deal-todos')).toContainText('Позвонить клиенту');
  await page.getByTestId('deal-triggers').getByRole('button', { name: 'Напомнить' }).click();
  const comments = async () => (await (await page.request.get(`/api/v3/deal/${id}/comments`)).text()).includes('Клиент ждёт звонка');
  await expect.poll(comments).toBe(true);
  const description = async () => ((await (await page.request.get(`/api/v3/deal/${id}`)).json()) as { data: { description?: string } }).data.description;
  await expect.poll(description).toBe('Напомнили');

  expect(errors).toEqual([]);
  expect(otherErrors).toEqual([]);
  await other.close();
});

test('deleting a state with deals asks where they go', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '');
  const post = async (path: string, data: object) => {
    const r = await page.request.post(`/api/v3/${path}`, { data, headers: { 'X-CSRF-Token': csrf } });
    expect(r.ok()).toBeTruthy();
    return ((await r.json()) as { data: { id: string } }).data.id;
  };
  const program = await post('program', { name: `Удаление статуса ${Date.now()}` });
  const state = (name: string, isEntry: boolean) => post('programState', { name, isEntry, program: { contentType: 'Program', id: program } });
  const first = await state('Новая', true);
  const middle = await state('Лишний', false);
  const last = await state('Итог', false);
  const move = await post('programTransition', { name: 'Дальше', from: { contentType: 'ProgramState', id: first }, to: { contentType: 'ProgramState', id: middle } });
  const deal = await post('deal', { name: 'Сделка в лишнем статусе', program: { contentType: 'Program', id: program } });
  await post(`deal/${deal}/applyTransition`, { contentType: 'ProgramTransition', id: move });

  await page.goto(`/bp/${program}/settings`);
  // The editor's first load is lazy: give a busy machine time.
  await expect(page.getByTestId('process-editor')).toBeVisible({ timeout: 30_000 });
  const row = (name: string) => page.locator(`[data-testid="process-state"][data-name="${name}"]`);
  await expect(row('Новая').getByTestId('process-state-delete')).toBeDisabled();
  await row('Лишний').getByTestId('process-state-delete').click();
  await page.getByTestId('process-state-delete-confirm').click();
  await expect(page.getByTestId('process-error')).toContainText('В статусе «Лишний» есть сделки: укажите статус, куда их перенести');
  await expect(page.getByTestId('process-state')).toHaveCount(3);

  await row('Лишний').getByTestId('process-state-delete').click();
  await page.getByTestId('process-state-move-to').click();
  await page.getByRole('option', { name: 'Итог', exact: true }).click();
  await page.getByTestId('process-state-delete-confirm').click();
  await expect(page.getByTestId('process-state')).toHaveCount(2);
  const now = (await (await page.request.get(`/api/v3/deal/${deal}`)).json()) as { data: { state: { id: string } } };
  expect(now.data.state.id).toBe(last);
  // The one refusal above is the browser's logged 422; nothing else.
  expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
});

test('a transition condition set in the editor refuses a move and says why', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '');
  const post = async (path: string, data: object) => {
    const r = await page.request.post(`/api/v3/${path}`, { data, headers: { 'X-CSRF-Token': csrf } });
    expect(r.ok()).toBeTruthy();
    return ((await r.json()) as { data: { id: string } }).data.id;
  };
  const program = await post('program', { name: `Условие перехода ${Date.now()}` });
  const state = (name: string, isEntry: boolean) => post('programState', { name, isEntry, program: { contentType: 'Program', id: program } });
  const first = await state('Новая', true);
  const last = await state('Договор', false);
  await post('programTransition', { name: 'Подписать', from: { contentType: 'ProgramState', id: first }, to: { contentType: 'ProgramState', id: last } });
  const deal = `Мелкая сделка ${Date.now()}`;
  await post('deal', { name: deal, program: { contentType: 'Program', id: program }, price: { contentType: 'Money', value: 5000, currency: 'RUB' } });

  await page.goto(`/bp/${program}/settings`);
  await expect(page.getByTestId('process-editor')).toBeVisible({ timeout: 30_000 });
  const row = page.locator('[data-testid="process-transition"][data-name="Подписать"]');
  await expect(row.getByTestId('rule-sentence')).toHaveText('Без условия');
  await row.getByTestId('rule-edit').click();
  const modal = page.getByTestId('rule-modal');
  // «Сумма» больше 10 000 and «Клиент» is filled, built without JSON.
  await modal.getByTestId('rule-add').click();
  await choose(page, 'rule-cmp', 'больше');
  await modal.getByTestId('rule-a').fill('10000');
  await modal.getByTestId('rule-add').click();
  await modal.getByTestId('rule-field').nth(1).click();
  await page.getByRole('option', { name: 'Клиент', exact: true }).click();
  await expect(modal.getByTestId('rule-preview')).toHaveText('«Сумма» больше 10\u00a0000 RUB и «Клиент» заполнено');
  await modal.getByTestId('rule-save').click();
  await expect(row.getByTestId('rule-sentence')).toHaveText('«Сумма» больше 10\u00a0000 RUB и «Клиент» заполнено');
  await expect(modal).toHaveCount(0);

  await page.getByTestId('process-open-deals').click();
  await page.getByTestId('deal-view-kanban').click();
  const column = (s: string) => page.locator(`[data-testid="deal-column"][data-state="${s}"]`);
  const card = page.locator('[data-testid="deal-card"]', { hasText: deal });
  await expect(column('Новая').locator(card)).toBeVisible();
  await drag(page, card, column('Договор'));
  await expect(page.getByTestId('deal-board-refused')).toContainText('Сделка не отвечает условию перехода «Подписать»');
  await expect(column('Новая').locator(card)).toBeVisible();
  // The refusal is the browser's logged 422; nothing else.
  expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
});

test('a process put in a group in the editor sits under the group on the deals bar', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '');
  const name = `Процесс в группе ${Date.now()}`;
  const r = await page.request.post('/api/v3/program', { data: { name }, headers: { 'X-CSRF-Token': csrf } });
  const program = ((await r.json()) as { data: { id: string } }).data.id;

  await page.goto(`/bp/${program}/settings`);
  await expect(page.getByTestId('process-editor')).toBeVisible({ timeout: 30_000 });
  const group = `Группа ${Date.now()}`;
  await page.getByTestId('process-group-name').fill(group);
  await page.getByTestId('process-group-add').click();
  await expect(page.getByTestId('process-group')).toHaveValue(group);

  await page.getByTestId('process-open-deals').click();
  const section = page.locator(`[data-testid="deal-group"][data-name="${group}"]`);
  await expect(section.locator(`[data-testid="deal-program"][data-name="${name}"]`)).toBeVisible();
  await section.getByTestId('deal-group-open').click();
  await expect(page).toHaveURL(/\/deals\/list\/\d+$/);
  await expect(page.getByRole('heading', { name: group })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a field added in the editor shows on the card of its process\'s deal only', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '');
  const post = async (path: string, data: object) => {
    const r = await page.request.post(`/api/v3/${path}`, { data, headers: { 'X-CSRF-Token': csrf } });
    expect(r.ok()).toBeTruthy();
    return ((await r.json()) as { data: { id: string; name: string } }).data;
  };
  const program = (await post('program', { name: `Поля процесса ${Date.now()}` })).id;
  const other = (await post('program', { name: `Чужой процесс ${Date.now()}` })).id;
  await post('programState', { name: 'Новая', isEntry: true, program: { contentType: 'Program', id: program } });
  const foreign = await post('deal/extraFields', { contentType: 'StringField', hrName: 'Поле чужого процесса', owner: { contentType: 'Program', id: other } });
  const deal = (await post('deal', { name: 'Сделка с полем', program: { contentType: 'Program', id: program } })).id;

  await page.goto(`/bp/${program}/settings`);
  await expect(page.getByTestId('process-editor')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('process-field-name').fill('Бюджет проекта');
  await page.getByTestId('process-field-add').click();
  const row = page.locator('[data-testid="process-field"][data-name="Бюджет проекта"]');
  await expect(row).toBeVisible();
  await expect(page.getByTestId('process-field')).toHaveCount(1);
  await row.getByTestId('process-field-required').click(); // checked once the server answers
  await expect(row.getByTestId('process-field-required')).toBeChecked();

  const fields = (await (await page.request.get(`/api/v3/program/${program}/fields`)).json()) as { data: { name: string; hrName: string; isRequired: boolean }[] };
  const field = fields.data.find((f) => f.hrName === 'Бюджет проекта')!;
  expect(field.isRequired).toBe(true);
  const own = field.name;
  await post(`deal/${deal}`, { [own]: 'два миллиона' });
  await page.goto(`/bp/${program}/card/${deal}`);
  await expect(page.getByTestId(`deal-extra-${own}`)).toHaveText('два миллиона');
  await expect(page.getByTestId(`deal-extra-${foreign.name}`)).toHaveCount(0);
  // The deal form offers the same field, with its value, and not the other.
  await page.goto(`/entity/Deal/${deal}/edit`);
  await expect(page.getByTestId(`field-${own}`).locator('input')).toHaveValue('два миллиона');
  await expect(page.getByTestId(`field-${foreign.name}`)).toHaveCount(0);
  // The process's deal list offers the field as a column.
  await page.goto(`/bp/${program}/list`);
  await page.getByTestId('deal-view-list').click();
  await page.getByTestId('entity-columns').click();
  await page.getByRole('option', { name: 'Бюджет проекта', exact: true }).click();
  await expect(page.getByTestId(`sort-${own}`)).toBeVisible();
  await expect(page.getByTestId('entity-row').filter({ hasText: 'Сделка с полем' })).toContainText('два миллиона');
  expect(errors).toEqual([]);
});

test('a state made read-only for the price refuses a price change and says why', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '');
  const post = async (path: string, data: object) => {
    const r = await page.request.post(`/api/v3/${path}`, { data, headers: { 'X-CSRF-Token': csrf } });
    expect(r.ok()).toBeTruthy();
    return ((await r.json()) as { data: { id: string } }).data.id;
  };
  const other = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await signIn(other, DEMO);
  const otherErrors = collectErrors(other);
  const me = (await (await other.request.get('/api/v3/currentUser')).json()).data as { id: string };
  const program = await post('program', { name: `Права статуса ${Date.now()}` });
  const state = (name: string, isEntry: boolean) => post('programState', { name, isEntry, program: { contentType: 'Program', id: program } });
  const first = await state('Новая', true);
  const won = await state('Выиграна', false);
  const sign = await post('programTransition', { name: 'Подписать', from: { contentType: 'ProgramState', id: first }, to: { contentType: 'ProgramState', id: won } });
  const deal = await post('deal', { name: 'Подписанная сделка', program: { contentType: 'Program', id: program },
    manager: { contentType: 'Employee', id: me.id }, price: { contentType: 'Money', value: 5000, currency: 'RUB' } });
  await post(`deal/${deal}/applyTransition`, { contentType: 'ProgramTransition', id: sign });

  // The editor makes Выиграна read-only for the price.
  await page.goto(`/bp/${program}/settings`);
  await expect(page.getByTestId('process-editor')).toBeVisible({ timeout: 30_000 });
  const row = page.locator('[data-testid="process-state"][data-name="Выиграна"]');
  await row.getByTestId('process-state-rights').click();
  // Only the manager or the marketing department changes its deals, and nobody the price.
  // The people picker is searched (and waited for as stable: the dialog slides in);
  // a click on the dialog's title closes each list, which may lie over the next field.
  const dialog = page.getByRole('dialog');
  const title = dialog.getByRole('heading');
  const people = dialog.getByRole('combobox', { name: 'Сотрудники, отделы, группы' });
  await people.click();
  await people.fill('Маркетинг');
  await page.getByRole('option', { name: 'Маркетинг', exact: true }).click();
  await title.click();
  await choose(page, 'process-state-rights-roles', 'Менеджер');
  await title.click();
  await choose(page, 'process-state-rights-readonly', 'Сумма');
  await title.click();
  await page.getByTestId('process-state-rights-save').click();
  await expect(row.getByTestId('process-state-rights')).toHaveText('Только указанные, 1 поле только для чтения');
  const saved = (await (await page.request.get(`/api/v3/programState/${won}?fields=editRoles,editors,readOnlyFields`)).json()) as {
    data: { editRoles: string[]; editors: { contentType: string }[]; readOnlyFields: string[] } };
  expect([saved.data.editRoles, saved.data.editors.map((l) => l.contentType), saved.data.readOnlyFields]).toEqual([['manager'], ['Department'], ['price']]);

  // The deal's manager may still edit it, but not its price: refused with the reason.
  await other.goto(`/entity/Deal/${deal}/edit`);
  const price = other.getByTestId('field-price');
  await price.locator('input').first().fill('1000');
  await other.getByTestId('save-button').click();
  await expect(price).toContainText(/В статусе «Выиграна» поле «.+» не меняется/);
  const now = (await (await page.request.get(`/api/v3/deal/${deal}`)).json()) as { data: { price: { value: number } } };
  expect(now.data.price.value).toBe(5000);
  expect(errors).toEqual([]);
  // The refusal is the browser's logged 403; nothing else.
  expect(otherErrors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  await other.close();
});

test('the editor makes system and schedule scenarios with their event and days', async ({ page }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'artel_csrf')?.value ?? '');
  const post = async (path: string, data: object) => {
    const r = await page.request.post(`/api/v3/${path}`, { data, headers: { 'X-CSRF-Token': csrf } });
    expect(r.ok()).toBeTruthy();
    return ((await r.json()) as { data: { id: string } }).data.id;
  };
  const program = await post('program', { name: `Сценарии ${Date.now()}` });
  await post('programState', { name: 'Новая', isEntry: true, program: { contentType: 'Program', id: program } });

  await page.goto(`/bp/${program}/settings`);
  await expect(page.getByTestId('process-editor')).toBeVisible({ timeout: 30_000 });
  // On a deal's creation, its description set.
  await page.getByTestId('process-trigger-name').fill('Приём заявки');
  await choose(page, 'process-trigger-type', 'По событию сделки');
  await expect(page.getByTestId('process-trigger-event')).toHaveValue('Сделка создана');
  await choose(page, 'process-trigger-action', 'Изменить поле');
  await page.getByTestId('process-trigger-arg').fill('Заявка принята');
  await page.getByTestId('process-trigger-add').click();
  await expect(page.getByTestId('process-trigger-when')).toHaveText('По событию сделки: Сделка создана');
  // Three days in Новая, a message.
  await page.getByTestId('process-trigger-name').fill('Напоминание');
  await choose(page, 'process-trigger-type', 'По расписанию');
  await page.getByTestId('process-trigger-days').fill('3');
  await choose(page, 'process-trigger-states', 'Новая');
  await page.keyboard.press('Escape');
  await page.getByTestId('process-trigger-arg').fill('Три дня без движения');
  await page.getByTestId('process-trigger-add').click();
  await expect(page.getByTestId('process-trigger-when').nth(1)).toHaveText('По расписанию: через 3 дня в статусе');

  // Edited in the dialog: the event becomes a change of the amount.
  await page.getByTestId('process-trigger-edit').first().click();
  await choose(page, 'process-trigger-event', 'Изменилось поле');
  await choose(page, 'process-trigger-event-field', 'Сумма');
  await page.getByTestId('process-trigger-save').click();
  await expect(page.getByTestId('process-trigger-when').first()).toHaveText('По событию сделки: Изменилось поле «Сумма»');

  const deal = await post('deal', { name: 'Сделка со сценарием', program: { contentType: 'Program', id: program } });
  const description = async () => ((await (await page.request.get(`/api/v3/deal/${deal}`)).json()) as { data: { description?: string } }).data.description ?? '';
  expect(await description()).toBe('');
  await post(`deal/${deal}`, { price: { contentType: 'Money', value: 700, currency: 'RUB' } });
  expect(await description()).toBe('Заявка принята');
  expect(errors).toEqual([]);
});
