/**
 * The public pages' JavaScript budget (ADR 0010; docs/performance.md): before the visitor
 * interacts, the landing page, /login, /about, /verify/{id} (a real credential's verdict) and
 * /verify/{receiptId} (a real consent receipt's page) load at most 30 KB of JavaScript,
 * compressed with gzip. Counted
 * from what the page really requests in Chromium until it is done without any interaction (the
 * verdict shown, the service worker registered, the network quiet): every script and module
 * preload, each at the size of its built file (apps/web/dist) compressed with gzip at level 9.
 * A size budget, not a timing test: it fails when a change makes these pages load more code
 * (e.g. React, zod or i18next into the /verify island).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

// The pages are counted with the service worker's registration, as a visitor gets them
// (playwright.config.ts blocks workers for the specs that do not need one).
test.use({ serviceWorkers: 'allow' });

const DIST = join(dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
/**
 * The budget, in bytes of gzip (docs/performance.md, the public pages). The islands show English
 * alone and import English labels alone (core's `@pehchaan/core/document-labels-en`): every
 * language's labels would add about 8 KB.
 */
const BUDGET = 30 * 1024;
/** The primary demo account (DECISIONS 2); the demo OTP is 123456. */
const DEMO_HOLDER = { aadhaarNumber: '234567890125', phoneNumber: '9876543210', otp: '123456' };
/**
 * The secondary demo account (user-002): the consent receipt specs approve its seeded bank
 * request the same way, after Reset Requests, whatever ran before (one worker per server).
 */
const RECEIPT_HOLDER = { aadhaarNumber: '345678901238', phoneNumber: '9123456780', otp: '123456' };

/**
 * A real consent receipt's id: RECEIPT_HOLDER's seeded bank request (reset, so it is pending
 * whatever ran before) approved through the API, as the consent screen does; the approval's
 * receipt, from the holder's list of receipts.
 */
async function approvalReceiptId(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/verify-otp', { data: RECEIPT_HOLDER });
  expect(login.ok()).toBe(true);
  const { user_id: userId, session_token: token } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const reset = await request.post(`/user/${userId}/consent-requests/reset`, { headers });
  expect(reset.ok()).toBe(true);
  const bank = `consent-${userId}-bank`;
  const approve = await request.post(`/user/${userId}/consent-requests/${bank}/approve`, {
    headers,
  });
  expect(approve.ok()).toBe(true);
  const list = await request.get(`/user/${userId}/consent-receipts`, { headers });
  expect(list.ok()).toBe(true);
  const { consent_receipts: receipts } = (await list.json()) as {
    consent_receipts: { id: string; consent_request_id: string | null; event: string }[];
  };
  const receipt = receipts.find((r) => r.consent_request_id === bank && r.event === 'approved');
  expect(receipt).toBeTruthy();
  return receipt?.id ?? '';
}

/** The same-origin scripts `page` requests from now on, by path. */
function scriptsOf(page: Page, origin: string): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  return scripts;
}

/** The gzip size of a built file (its path as served). */
function gzipBytes(path: string): number {
  return gzipSync(readFileSync(join(DIST, path)), { level: 9 }).length;
}

/** Waits until the page has done what it does without the visitor: the worker, then quiet. */
async function settle(page: Page, scripts: Set<string>) {
  await expect.poll(() => scripts.size).toBeGreaterThan(0);
  await expect
    .poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())))
    .toBe(true);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toHaveAttribute('data-app', 'ready');
}

test('the public pages load at most 30 KB of gzip JavaScript before the visitor interacts', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  // A real credential's verdict: the demo holder's Basic Identity, by its bare link.
  const login = await request.post('/api/auth/verify-otp', { data: DEMO_HOLDER });
  expect(login.ok()).toBe(true);
  const { user_id: userId, session_token: token } = await login.json();
  const list = await request.get(`/user/${userId}/credentials`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { credentials } = await list.json();
  const basic = credentials.find(
    (c: { credential_subject?: { document_type?: string } }) =>
      c.credential_subject?.document_type === 'Basic Identity',
  );
  expect(basic).toBeTruthy();
  const receiptId = await approvalReceiptId(request);

  const pages = [
    { path: '/', done: (p: Page) => p.getByRole('heading', { level: 1 }) },
    { path: '/login', done: (p: Page) => p.getByRole('heading', { level: 1 }) },
    { path: '/about', done: (p: Page) => p.getByRole('heading', { level: 1 }) },
    {
      path: `/verify/${basic.id}`,
      done: (p: Page) => p.getByRole('heading', { level: 2, name: 'Credential verified' }),
    },
    {
      path: `/verify/${receiptId}`,
      done: (p: Page) => p.getByRole('heading', { level: 2, name: 'Receipt verified' }),
    },
  ];
  const report: string[] = [];
  for (const { path, done } of pages) {
    // A new visitor each time: no cache, no worker.
    const context = await page
      .context()
      .browser()
      ?.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    if (!context) throw new Error('no browser');
    const visitor = await context.newPage();
    const scripts = scriptsOf(visitor, origin);
    await visitor.goto(path);
    await expect(done(visitor).first()).toBeVisible();
    await settle(visitor, scripts);
    const total = [...scripts].reduce((sum, script) => sum + gzipBytes(script), 0);
    report.push(`${path}: ${(total / 1024).toFixed(1)} KB in ${scripts.size} scripts`);
    expect(total, `${path} loads ${[...scripts].join(', ')}`).toBeLessThanOrEqual(BUDGET);
    await context.close();
  }
  test.info().annotations.push({ type: 'budget', description: report.join('; ') });
});
