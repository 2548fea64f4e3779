import { expect, type Page } from '@playwright/test';
import { readStoredJson, storedSessionToken } from './browser-storage';
import { openDeveloperTools } from './developer-tools-panel';
import { fileWidePage } from './file-page';
import { signInThroughApi } from './sign-in';

/**
 * In a real Chromium against the real server: the Consent Management screen (SPEC 2).
 * The test demo account (user-003) is used, and every test first presses Reset Requests, which
 * restores the three seeded requests to pending for user-003 only: a known state whatever ran
 * before (the server and database are shared by all spec files). One page for the file, signed in
 * once (tests/file-page.ts), its service worker installed once.
 */

const BANK = 'State Bank of India';
const BANK_LOG = 'Approved consent request from State Bank of India for Open savings account';

function signInAsTestDemo(page: Page) {
  return signInThroughApi(page, '456789012341', '8765432109');
}

function section(page: Page, status: 'Pending' | 'Approved' | 'Rejected', count?: number) {
  const name = count === undefined ? new RegExp(`^${status} \\(\\d+\\)$`) : `${status} (${count})`;
  return page.getByRole('region', { name });
}

/** Opens /consent and presses Reset Requests: three pending, nothing decided. */
async function openWithKnownState(page: Page) {
  await page.goto('/consent');
  await expect(page.getByRole('heading', { level: 1, name: 'Consent Management' })).toBeVisible();
  await expect(section(page, 'Pending')).toBeVisible();
  // Reset Requests is a developer tool, in the page's collapsed panel (issue 19).
  await openDeveloperTools(page);
  await page.getByRole('button', { name: 'Reset Requests' }).click();
  await expect(page.getByText('Consent requests reset')).toBeVisible();
  await expect(section(page, 'Pending', 3)).toBeVisible();
  await expect(section(page, 'Approved', 0)).toBeVisible();
  await expect(section(page, 'Rejected', 0)).toBeVisible();
}

/** Approve, then Confirm on the summary of what will be sent. */
async function approve(page: Page, requester: string) {
  await page.getByRole('button', { name: `Approve ${requester}` }).click();
  await page
    .getByRole('dialog', { name: `Share with ${requester}?` })
    .getByRole('button', { name: 'Confirm' })
    .click();
}

async function activityDescriptions(page: Page): Promise<string[]> {
  const token = await storedSessionToken(page);
  const answer = await page.request.get('/user/user-003/activity-logs', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { activity_logs: { description: string }[] };
  return body.activity_logs.map((log) => log.description);
}

const test = fileWidePage(signInAsTestDemo);

// The service worker stays on here, as playwright.config.ts blocks it elsewhere:
// an offline decision: the app as a holder has it, worker included.
test.use({ serviceWorkers: 'allow' });

test("approving the bank's request moves it to Approved and records the log entry", async ({
  page,
}) => {
  await openWithKnownState(page);
  const before = (await activityDescriptions(page)).filter((d) => d === BANK_LOG).length;

  const pendingBank = section(page, 'Pending').getByRole('article', { name: BANK });
  await expect(pendingBank.getByRole('group', { name: 'From your Aadhaar Card' })).toContainText(
    'Aadhaar number',
  );
  await approve(page, BANK);
  await expect(page.getByText(`Consent approved for ${BANK}`)).toBeVisible();
  const approvedBank = section(page, 'Approved', 1).getByRole('article', { name: BANK });
  await expect(approvedBank).toBeVisible();
  await expect(approvedBank.getByText('Approved on:')).toBeVisible();
  await expect(approvedBank.getByText('Not yet synced')).toBeHidden();
  await expect(section(page, 'Pending', 2)).toBeVisible();

  // Final and on the server: still approved after a reload.
  await page.reload();
  await expect(section(page, 'Approved', 1).getByRole('article', { name: BANK })).toBeVisible();
  const after = (await activityDescriptions(page)).filter((d) => d === BANK_LOG).length;
  expect(after).toBe(before + 1);
});

// Needs the Activity Logs screen (/logs, built alongside by another helper); the same entry is
// also checked through the API in the test above.
test("the bank approval's entry appears on /logs with the exact text", async ({ page }) => {
  await openWithKnownState(page);
  await approve(page, BANK);
  await expect(section(page, 'Approved', 1).getByRole('article', { name: BANK })).toBeVisible();
  await page.goto('/logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Logs' })).toBeVisible();
  await expect(page.getByText(BANK_LOG, { exact: true }).first()).toBeVisible();
});

test("rejecting Bharti Airtel's request moves it to Rejected", async ({ page }) => {
  await openWithKnownState(page);
  await page.getByRole('button', { name: 'Reject Bharti Airtel' }).click();
  await expect(page.getByText('Consent rejected for Bharti Airtel')).toBeVisible();
  const rejected = section(page, 'Rejected', 1).getByRole('article', { name: 'Bharti Airtel' });
  await expect(rejected).toBeVisible();
  await expect(rejected.getByText('Rejected on:')).toBeVisible();
  await expect(rejected.getByRole('button')).toHaveCount(0);
  await expect(section(page, 'Pending', 2)).toBeVisible();
});

test('offline, a decision is kept on this device as Not yet synced until the API answers', async ({
  page,
  context,
}) => {
  await openWithKnownState(page);

  await context.setOffline(true);
  await approve(page, 'LIC of India');
  await expect(page.getByText('Approved on this device; not yet synced')).toBeVisible();
  const lic = section(page, 'Approved', 1).getByRole('article', { name: 'LIC of India' });
  await expect(lic.getByText('Not yet synced')).toBeVisible();
  // The browser copy is encrypted (docs/security.md) and written just after the change: poll it.
  await expect
    .poll(() => readStoredJson(page, 'consentRequests'))
    .toContainEqual(
      expect.objectContaining({
        id: 'consent-user-003-insurer',
        status: 'approved',
        status_updated_by: 'user-003',
        pending_sync: true,
      }),
    );
  await expect
    .poll(() => readStoredJson(page, 'activityLogs'))
    .toContainEqual(
      expect.objectContaining({
        description: 'Approved consent request from LIC of India for Insurance policy verification',
        pending_sync: true,
      }),
    );

  // Back online: the outbox sends the decision (outbox.spec.ts checks the server side),
  // and the server's copy replaces the local one.
  await context.setOffline(false);
  await expect(page.getByText('Synced 1 change')).toBeVisible();
  await expect(lic).toBeVisible();
  await expect(lic.getByText('Not yet synced')).toBeHidden();

  // Leave user-003 in the known state for whoever comes next.
  await openDeveloperTools(page);
  await page.getByRole('button', { name: 'Reset Requests' }).click();
  await expect(section(page, 'Pending', 3)).toBeVisible();
});
