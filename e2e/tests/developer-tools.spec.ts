import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { storedSessionToken } from './browser-storage';
import { fileWidePage } from './file-page';
import { signInThroughApi } from './sign-in';

/**
 * Issue 19: SPEC 2's developer tools stay, out of the citizen's way: one collapsed "Developer
 * tools" panel per page (login, dashboard, credentials, consent), open by default while
 * Settings › Advanced › Debug mode is on; the dashboard's backend card counts only the holder's
 * own records. The test demo account (user-003) is used; Debug mode is turned off again at the end.
 * One page for the file (tests/file-page.ts): signed out for the login page, then signed in once.
 */

function signInAsTestDemo(page: Page) {
  return signInThroughApi(page, '456789012341', '8765432109');
}

const PAGES = [
  { path: '/dashboard', tool: { role: 'heading', name: 'Backend Status' } },
  { path: '/credentials', tool: { role: 'button', name: 'Add Test Log' } },
  { path: '/consent', tool: { role: 'button', name: 'Reset Requests' } },
] as const;

async function toolOf(page: Page, { tool }: (typeof PAGES)[number]) {
  return page.getByRole(tool.role, { name: tool.name });
}

async function setDebugMode(page: Page, on: boolean) {
  await page.goto('/settings');
  const debug = page.getByRole('switch', { name: 'Debug mode' });
  if ((await debug.getAttribute('aria-checked')) !== String(on)) await debug.click();
  await expect(debug).toHaveAttribute('aria-checked', String(on));
  await expect(page.getByText('All changes saved to your account')).toBeVisible();
}

const test = fileWidePage();

test('the login page keeps the Login Debugger in a collapsed Developer tools panel', async ({
  page,
}) => {
  await page.goto('/login');
  const toggle = page.getByRole('button', { name: 'Developer tools' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Test Demo Login' })).toBeHidden();
  await toggle.click();
  await expect(page.getByRole('heading', { name: 'Login Debugger' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check Current User' })).toBeVisible();
});

test('each page gathers its developer tools in one panel, collapsed by default', async ({
  page,
}) => {
  await signInAsTestDemo(page);
  for (const entry of PAGES) {
    await page.goto(entry.path);
    const toggle = page.getByRole('button', { name: 'Developer tools' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(await toolOf(page, entry)).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    await toggle.click();
    await expect(await toolOf(page, entry)).toBeVisible();
  }
  // The dashboard's backend card: the holder's own counts, no other holder's, no folder.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Developer tools' }).click();
  const backend = page.getByRole('region', { name: 'Backend Status' });
  await expect(backend.getByRole('heading', { name: 'Your records' })).toBeVisible();
  await expect(backend).not.toContainText('users');
  await expect(backend).not.toContainText('e2e-data');
  const token = await storedSessionToken(page);
  const own = await (
    await page.request.get('/storage/status', { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  const credentials = await (
    await page.request.get('/user/user-003/credentials', {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json();
  expect(own.stats.collections.credentials).toBe(credentials.count);
  expect(Object.keys(own.stats.collections)).not.toContain('users');
  const anonymous = await (await page.request.get('/storage/status')).json();
  expect(anonymous.stats.collections).toEqual({});
});

test('with Debug mode on, the panels are open on every page', async ({ page }) => {
  // Signed in by the test before.
  await setDebugMode(page, true);
  try {
    for (const entry of PAGES) {
      await page.goto(entry.path);
      await expect(page.getByRole('button', { name: 'Developer tools' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(await toolOf(page, entry)).toBeVisible();
    }
  } finally {
    await setDebugMode(page, false);
  }
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Developer tools' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});
