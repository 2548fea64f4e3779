import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { storedSessionToken } from './browser-storage';
import { fileWidePage } from './file-page';
import { signInThroughApi } from './sign-in';

/**
 * In a real Chromium against the real server: the Activity Logs screen (SPEC 2 /logs).
 * The test demo account (user-003, DECISIONS 2) is used; other files may add entries for it too,
 * so the expected counts are read from the API's answer, never hard-coded.
 * One page for the file, signed in once (tests/file-page.ts).
 */

const test = fileWidePage((page) => signInThroughApi(page, '456789012341', '8765432109'));

interface LogAnswer {
  activity_logs: { type: string; description: string }[];
  count: number;
}

async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await storedSessionToken(page);
  return { Authorization: `Bearer ${token}` };
}

async function logActivity(
  request: APIRequestContext,
  headers: Record<string, string>,
  type: string,
  description: string,
): Promise<void> {
  const res = await request.post('/user/user-003/activity-logs', {
    headers,
    data: { type, description },
  });
  expect(res.status()).toBe(201);
}

async function holderLog(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<LogAnswer> {
  const res = await request.get('/user/user-003/activity-logs', { headers });
  expect(res.ok()).toBe(true);
  return (await res.json()) as LogAnswer;
}

/** Makes a share link of the holder's Basic Identity: the server logs it as credential_shared. */
async function makeShareLink(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<void> {
  const listed = await request.get('/user/user-003/credentials', { headers });
  const { credentials } = (await listed.json()) as {
    credentials: { id: string; permanent?: boolean }[];
  };
  const basic = credentials.find((c) => c.permanent);
  expect(basic).toBeDefined();
  const res = await request.post('/user/user-003/shares', {
    headers,
    data: { credential_id: basic?.id, fields: ['name'], lifetime: '1d' },
  });
  expect(res.status()).toBe(201);
}

test('search and the type filter update the N of M activities text', async ({ page }) => {
  const headers = await bearer(page);
  // Words no other entry has, so each narrows the list to exactly the entries made here.
  const mark = `e2e${Date.now().toString(36)}`;
  const kestrel = `Kestrel ${mark} manual check`;
  const heron = `Heron ${mark} manual check`;
  await logActivity(page.request, headers, 'test_manual', kestrel);
  await logActivity(page.request, headers, 'test_manual', heron);
  // Only test entries are the holder's to write; a share entry is the server's.
  const forged = await page.request.post('/user/user-003/activity-logs', {
    headers,
    data: { type: 'credential_shared', description: `Shared PAN Card ${mark}` },
  });
  expect(forged.status()).toBe(403);
  await makeShareLink(page.request, headers);

  const answer = await holderLog(page.request, headers);
  const total = answer.count;
  const testEntries = answer.activity_logs.filter((l) => l.type === 'test_manual').length;
  const shareEntries = answer.activity_logs.filter((l) => l.type === 'credential_shared').length;
  expect(total).toBeGreaterThanOrEqual(4);

  await page.goto('/logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Logs' })).toBeVisible();
  const count = page.getByRole('status').filter({ hasText: /activities$/ });
  await expect(count).toHaveText(`${total} of ${total} activities`);

  const list = page.getByRole('list', { name: 'Activity entries' });
  // Newest first: the share link the server logged leads, with its text and type label.
  const first = list.getByRole('listitem').first();
  await expect(first).toContainText('Made a share link to your Basic Identity showing Name');
  await expect(first).toContainText('Credential shared');
  await expect(first).not.toContainText('Added by you');
  // SPEC 9's relative text, then the date and time in the holder's formats (issue 19).
  await expect(first.locator('time')).toHaveText(/^Just now · \d{2}\/\d{2}\/\d{4}, /);
  // The holder's own entries say so.
  await expect(list.getByRole('listitem').filter({ hasText: heron })).toContainText('Added by you');
  // Signing in wrote a login entry.
  await expect(list.getByText('Logged in with demo credentials').first()).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search activities' });
  await search.fill('kestrel');
  await expect(count).toHaveText(`1 of ${total} activities`);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText(kestrel, { exact: true })).toBeVisible();

  await search.fill(mark);
  await expect(count).toHaveText(`2 of ${total} activities`);
  const type = page.getByRole('combobox', { name: 'Filter by type' });
  await type.selectOption({ label: 'Test entry' });
  await expect(count).toHaveText(`2 of ${total} activities`);
  await type.selectOption({ label: 'Credential shared' });
  await expect(count).toHaveText(`0 of ${total} activities`);

  await search.fill('');
  await expect(count).toHaveText(`${shareEntries} of ${total} activities`);
  await type.selectOption({ label: 'Test entry' });
  await expect(count).toHaveText(`${testEntries} of ${total} activities`);

  await search.fill('no such activity anywhere');
  await expect(count).toHaveText(`0 of ${total} activities`);
  await expect(page.getByText('No activities match your search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search and filter' }).click();
  await expect(count).toHaveText(`${total} of ${total} activities`);
});

test('an entry written elsewhere appears after Refresh', async ({ page }) => {
  const headers = await bearer(page);
  await page.goto('/logs');
  const count = page.getByRole('status').filter({ hasText: /activities$/ });
  const before = (await holderLog(page.request, headers)).count;
  await expect(count).toHaveText(`${before} of ${before} activities`);

  const description = `Osprey ${Date.now().toString(36)} written by another device`;
  await logActivity(page.request, headers, 'test_manual', description);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('Activity logs refreshed')).toBeVisible();
  await expect(count).toHaveText(`${before + 1} of ${before + 1} activities`);
  await expect(page.getByText(description, { exact: true })).toBeVisible();
});
