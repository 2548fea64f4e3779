/**
 * Accessibility and speed (ADR 0005) of the public pages not covered elsewhere: /login and the
 * public verifier /verify/{id} pass the axe scan in both themes and both languages; and the landing
 * page loads no code of the signed-in app (each route is its own chunk).
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { signInAsDemo } from './sign-in';

for (const path of ['/login', '/verify/cred-not-a-real-id']) {
  for (const language of ['en', 'hi'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`${path} (${language}, ${theme}): no serious axe violation`, async ({ page }) => {
        await page.addInitScript(
          ([lang, mode]) => {
            localStorage.setItem('language', lang);
            localStorage.setItem('theme', mode);
          },
          [language, theme] as const,
        );
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // /verify shows its verdict (a status with an icon) after the SPEC 9 second.
        if (path.startsWith('/verify')) {
          await expect(page.getByRole('status').filter({ has: page.locator('svg') })).toBeVisible();
        }
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }
}

// The header and footer are one frame for visitors and holders; the screens and the holder's
// data (notifications) are the signed-in app.
test('the landing page loads no code of the signed-in app', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  // The prerendered page requests its scripts only after its first paint, which a busy machine
  // can hold back past the first quiet network moment: wait for them, then for quiet again.
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  const isAppChunk = (path: string) =>
    /\/assets\/(dashboard|credentials|consent|logs|profile|settings|root|notifications-bridge|use-notifications)[-.]/.test(
      path,
    );
  expect(scripts.filter(isAppChunk)).toEqual([]);

  // The same check sees the app's chunks once a holder signs in.
  await signInAsDemo(page, '456789012341', '8765432109');
  await expect.poll(() => scripts.filter(isAppChunk).length).toBeGreaterThan(0);
});
