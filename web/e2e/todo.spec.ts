// The calendar against the real server: the administrator plans a
// meeting with the demo user by dragging over the week view, the demo
// user accepts the invitation from the calendar, and both calendars
// show the meeting with the answer; on its card the administrator adds
// a reminder and makes it repeat.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DEMO, collectErrors, signIn } from './helpers';

test.use({ viewport: { width: 1600, height: 1000 } });

// A week with nothing of the demo company's in it.
const DAY = '2026-12-02';

/** dragOver drags over a day's column from one half-hour slot to another. */
async function dragOver(page: Page, day: string, from: string, to: string) {
  const column = (await page.locator(`td.fc-timegrid-col[data-date="${day}"]`).boundingBox())!;
  const slot = async (time: string) => (await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox())!;
  const a = await slot(from);
  const b = await slot(to);
  const x = column.x + column.width / 2;
  await page.mouse.move(x, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, a.y + a.height / 2 + 8, { steps: 3 });
  await page.mouse.move(x, b.y + b.height / 2, { steps: 10 });
  await page.mouse.up();
}

test('a meeting planned by dragging is accepted by the invitee and shown on both calendars', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const errors = collectErrors(page);
  await page.goto(`/time/week?day=${DAY}`);
  await expect(page.getByTestId('calendar')).toBeVisible();

  const name = `Планёрка e2e ${Date.now()}`;
  await dragOver(page, DAY, '10:00:00', '11:00:00');
  const form = page.getByRole('dialog', { name: 'Новое дело' });
  await expect(form).toBeVisible();
  await form.getByTestId('todo-create-name').fill(name);
  await form.getByLabel('Место').fill('Переговорная');
  await form.getByRole('combobox', { name: 'Участники' }).fill('Соколова');
  await page.getByRole('option', { name: /Соколова/ }).first().click();
  await form.getByTestId('todo-create-when').click(); // closes the picker's list
  await form.getByTestId('todo-create-save').click();
  await expect(form).toHaveCount(0);

  const event = (p: Page) => p.locator('.fc-event', { hasText: name });
  await expect(event(page)).toBeVisible();
  await event(page).click();
  await expect(page.getByTestId('todo-peek-participants')).toContainText('Приглашён');
  await expect(page.getByRole('dialog')).toContainText('Переговорная');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The invitee, in a browser of their own.
  const other = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await signIn(other, DEMO);
  const otherErrors = collectErrors(other);
  await other.goto(`/time/week?day=${DAY}`);
  await expect(event(other)).toHaveClass(/todo-invite-requested/);
  await event(other).click();
  await other.getByTestId('todo-accept').click();
  await expect(other.getByTestId('todo-peek-participants')).toContainText('Принял');
  await expect(other.getByTestId('todo-accept')).toHaveCount(0);
  await expect(event(other)).toHaveClass(/todo-invite-accepted/);

  // The organiser sees the answer, on the to-do's card too.
  await page.reload();
  await event(page).click();
  await expect(page.getByTestId('todo-peek-participants')).toContainText('Принял');
  await page.getByRole('link', { name: 'Открыть карточку' }).click();
  await expect(page.getByTestId('todo-card-page')).toContainText(name);
  await expect(page.getByTestId('todo-card-page')).toContainText('Встреча');
  await expect(page.getByTestId('todo-peek-participants')).toContainText('Принял');

  // A reminder and a repetition, from the card: three days running.
  const card = page.getByTestId('todo-card-page');
  await card.getByTestId('todo-reminder-add').click();
  await page.getByRole('option', { name: 'За 15 минут' }).click();
  await expect(card.getByTestId('todo-reminders')).toContainText('За 15 минут');
  await card.getByTestId('todo-repeat-edit').click();
  await card.getByTestId('todo-repeat-interval').click();
  await page.getByRole('option', { name: 'дней' }).click();
  await card.getByText('Число раз').click();
  await card.getByTestId('todo-repeat-count').fill('3');
  await card.getByTestId('todo-repeat-save').click();
  await expect(card.getByTestId('todo-repeat-text')).toHaveText('Каждый день, 3 раза');
  await page.getByRole('link', { name: 'Календарь' }).click();
  await expect(event(page)).toHaveCount(3);

  // The team's month: the user and the colleague, a to-do on the 2nd each.
  await page.goto(`/time/month?day=${DAY}`);
  await page.getByRole('combobox', { name: 'Показать календари' }).fill('Соколова');
  await page.getByRole('option', { name: /Соколова/ }).first().click();
  await page.getByTestId('calendar-range').click(); // closes the picker's list
  await page.getByTestId('team-switch').click();
  const grid = page.getByTestId('team-grid');
  await expect(grid.locator('tbody tr')).toHaveCount(2);
  await expect(grid.locator('tbody tr').nth(1)).toContainText('1');

  // A key for the phone: the CalDAV address and the key, shown once.
  await page.getByTestId('calendar-sync').click();
  await page.getByTestId('calendar-sync-issue').click();
  await expect(page.getByTestId('sync-caldav')).toHaveText(/\/caldav\/$/);
  await expect(page.getByTestId('sync-key')).not.toBeEmpty();
  expect(errors).toEqual([]);
  expect(otherErrors).toEqual([]);
  await other.close();
});
