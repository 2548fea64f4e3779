/**
 * Theme (SPEC 4): light, dark and system; default system; the toggle cycles light ->
 * dark -> system; stored under `theme` (other values ignored); system follows the OS live; the
 * `dark` class is on <html> before the first paint, i.e. before any of the app's JavaScript runs.
 */
import { expect, type Page, test } from '@playwright/test';

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));

test.describe('before the first paint', () => {
  for (const [stored, os, dark] of [
    ['dark', 'light', true],
    ['light', 'dark', false],
    ['system', 'dark', true],
    ['system', 'light', false],
    ['purple', 'dark', true],
    [null, 'dark', true],
    [null, 'light', false],
  ] as const) {
    test(`stored ${stored} with the OS ${os}: dark=${dark} with the app's scripts blocked`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: os });
      if (stored) {
        await page.addInitScript((value) => localStorage.setItem('theme', value), stored);
      }
      // Only index.html's inline script may run: the app's modules never load.
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/');
      expect(await isDark(page)).toBe(dark);
    });
  }
});

test('the toggle cycles light, dark, system and system follows the OS live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /Change theme/ });
  await expect(toggle).toHaveAccessibleName(/System/);
  expect(await isDark(page)).toBe(false);

  await toggle.click();
  await expect(toggle).toHaveAccessibleName(/Light/);
  expect(await storedTheme(page)).toBe('light');
  expect(await isDark(page)).toBe(false);

  await toggle.click();
  await expect(toggle).toHaveAccessibleName(/Dark/);
  expect(await storedTheme(page)).toBe('dark');
  expect(await isDark(page)).toBe(true);

  await toggle.click();
  await expect(toggle).toHaveAccessibleName(/System/);
  expect(await storedTheme(page)).toBe('system');
  expect(await isDark(page)).toBe(false);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);

  // The choice survives a reload.
  await toggle.click();
  await toggle.click();
  await page.reload();
  expect(await isDark(page)).toBe(true);
  await expect(page.getByRole('button', { name: /Change theme/ })).toHaveAccessibleName(/Dark/);
});
