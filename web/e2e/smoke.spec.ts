import { test, expect } from '@playwright/test';

test('the app is served for client routes', async ({ page }) => {
  const res = await page.goto('/task/filter');
  expect(res?.status()).toBe(200);
  await expect(page.locator('#root')).toBeAttached();
});
