/**
 * Prerendered public pages (ADR 0005): the landing page and the information pages
 * are in the HTML itself, so they show before (and without) the app's JavaScript; the app then
 * hydrates them without a mismatch. Other routes get the empty shell.
 */
import { expect, test } from '@playwright/test';

const PRERENDERED = [
  '/',
  '/login',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/support',
  '/help',
];

test('the public pages show their content with the JavaScript blocked', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  for (const path of PRERENDERED) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pehchaan' }).first(), path).toBeVisible();
  }
  await page.goto('/dashboard');
  expect(await page.locator('#root').innerHTML()).toBe('');
});

test('the prerendered pages hydrate without errors and then work as the app', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  for (const path of PRERENDERED) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(errors, path).toEqual([]);
  }
  // After hydration, links are the router's: no full page load.
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Aadhaar Number')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
});
