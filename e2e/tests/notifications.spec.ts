import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  badgeText,
  computeRecentUpdates,
} from '../../packages/core/src/notifications/recent-updates';
import { storedSessionToken } from './browser-storage';
import { fileWidePage } from './file-page';
import { signInThroughApi } from './sign-in';

/**
 * Notifications and Search in a real Chromium against the real server: the bell's count
 * (computed from the API's lists with core's rule, as the app does), Recent Updates, Clear All
 * (toast, badge gone, stamped on the server), the Consent red dot cleared by visiting /consent,
 * and the search dialog (Ctrl+K, a requester's name, Enter, /consent). The test demo account
 * (user-003, DECISIONS 2) is used; each test starts by resetting its consent requests, so the
 * three seeded requests are pending and never viewed, then opens /dashboard. One page for the
 * file, signed in once (tests/file-page.ts).
 */

const USER = 'user-003';

function signInAsTestDemo(page: Page) {
  return signInThroughApi(page, '456789012341', '8765432109');
}

async function authHeaders(page: Page): Promise<Record<string, string>> {
  const token = await storedSessionToken(page);
  return { Authorization: `Bearer ${token}` };
}

/** POST /user/user-003/consent-requests/reset: the three seeded requests, pending, unseen. */
async function resetConsentRequests(request: APIRequestContext, headers: Record<string, string>) {
  const answer = await request.post(`/user/${USER}/consent-requests/reset`, { headers });
  expect(answer.status()).toBe(200);
  const body = await answer.json();
  expect(
    body.consent_requests.filter((r: { status: string }) => r.status === 'pending'),
  ).toHaveLength(3);
}

/**
 * Resets the requests while no screen of the app is open (the file's page on /health, a
 * same-origin answer that starts no app), so nothing views or stamps them before the test's own
 * page load; answers the session's headers.
 */
async function resetWithNoAppOpen(page: Page): Promise<Record<string, string>> {
  await page.goto('/health');
  const headers = await authHeaders(page);
  await resetConsentRequests(page.request, headers);
  return headers;
}

/** The holder's three lists as the API answers them. */
async function holderLists(request: APIRequestContext, headers: Record<string, string>) {
  const get = async (path: string) => {
    const answer = await request.get(`/user/${USER}/${path}`, { headers });
    expect(answer.ok()).toBe(true);
    return answer.json();
  };
  const [credentials, consent, logs] = await Promise.all([
    get('credentials'),
    get('consent-requests'),
    get('activity-logs'),
  ]);
  return {
    credentials: credentials.credentials,
    consentRequests: consent.consent_requests,
    activityLogs: logs.activity_logs,
  };
}

const test = fileWidePage(signInAsTestDemo);

test('visiting /consent stamps the requests as viewed and clears the Consent dot', async ({
  page,
}) => {
  const headers = await resetWithNoAppOpen(page);
  await page.goto('/dashboard');

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const consentLink = nav.getByRole('link', { name: 'Consent (new)' });
  await expect(consentLink).toBeVisible();
  await consentLink.click();
  await expect(page).toHaveURL(/\/consent$/);
  await expect(nav.getByRole('link', { name: 'Consent', exact: true })).toBeVisible();

  // The stamp is on the server, so every device agrees.
  await expect
    .poll(async () => {
      const lists = await holderLists(page.request, headers);
      return lists.consentRequests.every((r: { last_viewed: string | null }) => r.last_viewed);
    })
    .toBe(true);
});

test('the bell counts the new items, lists them, and Clear All empties it', async ({ page }) => {
  const headers = await resetWithNoAppOpen(page);

  const lists = await holderLists(page.request, headers);
  const expected = computeRecentUpdates(lists, Date.now());
  // At least the three reset requests (plus, e.g., this sign-in's login entry).
  expect(expected.count).toBeGreaterThanOrEqual(3);

  await page.goto('/dashboard');
  const bell = page.getByRole('button', {
    name: `Notifications (${badgeText(expected.count)} new)`,
  });
  await expect(bell).toBeVisible();
  await expect(bell.getByTestId('notification-badge')).toHaveText(badgeText(expected.count));

  await bell.click();
  const panel = page.getByRole('region', { name: 'Recent Updates' });
  await expect(panel).toBeVisible();
  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(expected.count);
  // The requests' own entries (other suites may have left log entries naming the same requesters).
  const requestLink = (requester: string) =>
    panel.locator('a[href="/consent"]').filter({ hasText: requester });
  await expect(requestLink('State Bank of India')).toContainText('Open savings account');
  await expect(requestLink('Bharti Airtel')).toBeVisible();
  await expect(requestLink('LIC of India')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'View All Activity' })).toHaveAttribute(
    'href',
    '/logs',
  );

  await panel.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByText('All notifications cleared')).toBeVisible();
  await expect(panel.getByText('No recent updates')).toBeVisible();
  const quiet = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(quiet).toBeVisible();
  await expect(quiet.getByTestId('notification-badge')).toHaveCount(0);

  // Stamped on the server: a fresh load agrees.
  const after = await holderLists(page.request, headers);
  expect(computeRecentUpdates(after, Date.now()).count).toBe(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByTestId('new-dot')).toHaveCount(0);
});

test("Ctrl+K opens search; a requester's name and Enter go to /consent", async ({ page }) => {
  await resetWithNoAppOpen(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The signed-in header (restored once the encrypted session is read) handles the shortcut.
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  const input = dialog.getByRole('combobox', { name: 'Search' });
  await expect(input).toBeFocused();
  await input.fill('Bharti Airtel');
  const requests = dialog.getByRole('group', { name: 'Consent requests' });
  await expect(requests.getByRole('option', { name: /Bharti Airtel/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/consent$/);
  await expect(dialog).toBeHidden();

  // The search button opens it too, and Escape closes it again.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
});
