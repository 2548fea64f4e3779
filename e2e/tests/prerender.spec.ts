/**
 * Prerendered public pages (ADR 0005): the landing page and the information pages
 * are in the HTML itself, so they show before (and without) the app's JavaScript; the app then
 * hydrates them without a mismatch, its JavaScript requested only after the first contentful
 * paint. Other routes get the empty shell.
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

test('the prerendered pages request no JavaScript before their first contentful paint', async ({
  page,
}) => {
  // What `npm run bench:web` counts as JavaScript before the first render: scripts that finish
  // arriving before FCP. The pages' loader requests them only once FCP is reported, so none
  // even starts before it.
  for (const path of ['/', '/login', '/about']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
    }));
    expect(timing.fcp, path).not.toBeNull();
    // The app's JavaScript did load (the page hydrated), after the paint.
    expect(timing.scripts.length, path).toBeGreaterThan(0);
    const early = timing.scripts.filter((s) => s.startTime < (timing.fcp ?? 0));
    expect(early, path).toEqual([]);
  }
});
