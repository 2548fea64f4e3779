import { type APIRequestContext, expect, type Page, type Request } from '@playwright/test';
import { seriousViolations } from './axe';
import { storedSessionToken } from './browser-storage';
import { fileWidePage } from './file-page';
import { signInThroughApi } from './sign-in';

/**
 * Offline work comes back (the outbox), in a real Chromium against the real server: changes made
 * while the API is unreachable are kept on the device (marked not yet synced), queued in the
 * outbox with an Idempotency-Key, replayed once the API answers again, and land on the server
 * exactly once; a change the server has meanwhile decided otherwise is shown to the holder.
 *
 * The test demo account (user-003) is used, as by consent.spec.ts and notifications.spec.ts: each
 * test starts from a known state through the API (its three seeded consent requests reset to
 * pending, no Birth Certificate, a type no other spec file issues) and leaves the requests reset.
 * One page for the file, signed in once (tests/file-page.ts), so the app's service worker installs
 * once; each test resets the state, opens its screens afresh and leaves the page online, its
 * routes and listeners removed.
 */

const USER = 'user-003';
const DOCUMENT = 'Birth Certificate';

interface ConsentRequest {
  id: string;
  requester: string;
  purpose: string;
  status: string;
}
interface Credential {
  id: string;
  credential_subject: { document_type: string };
  proof: { proofValue: string } | null;
}

/** The holder's API, with the session of the signed-in page (another device, in effect). */
async function holderApi(page: Page, request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await storedSessionToken(page)}` };
  const get = async <T>(path: string): Promise<T> => {
    const answer = await request.get(`/user/${USER}${path}`, { headers });
    expect(answer.ok()).toBe(true);
    return (await answer.json()) as T;
  };
  return {
    headers,
    consentRequests: async () =>
      (await get<{ consent_requests: ConsentRequest[] }>('/consent-requests')).consent_requests,
    credentials: async () => (await get<{ credentials: Credential[] }>('/credentials')).credentials,
    logDescriptions: async () =>
      (await get<{ activity_logs: { description: string }[] }>('/activity-logs')).activity_logs.map(
        (log) => log.description,
      ),
    reset: async () => {
      const answer = await request.post(`/user/${USER}/consent-requests/reset`, { headers });
      expect(answer.ok()).toBe(true);
    },
    decide: async (id: string, decision: 'approve' | 'reject') => {
      const answer = await request.post(`/user/${USER}/consent-requests/${id}/${decision}`, {
        headers,
      });
      expect(answer.ok()).toBe(true);
    },
    /** Deletes the holder's Birth Certificate, if any. */
    dropDocument: async () => {
      const held = (await get<{ credentials: Credential[] }>('/credentials')).credentials;
      for (const c of held.filter((c) => c.credential_subject.document_type === DOCUMENT)) {
        const answer = await request.delete(`/user/${USER}/credentials/${c.id}`, { headers });
        expect(answer.ok()).toBe(true);
      }
    },
  };
}

function section(page: Page, status: 'Pending' | 'Approved' | 'Rejected', count: number) {
  return page.getByRole('region', { name: `${status} (${count})` });
}

/**
 * Client-side navigation through the header (the page's code stays loaded while offline). The
 * link's name may end in '(new)' (its red dot).
 */
function openFromHeader(page: Page, name: 'Credentials' | 'Consent') {
  return page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: new RegExp(`^${name}( \\(new\\))?$`) })
    .click();
}

function signIn(page: Page) {
  return signInThroughApi(page, '456789012341', '8765432109');
}

/**
 * The known state (seeded requests pending, no Birth Certificate), set while the page is on
 * /health (no screen open to read the old state meanwhile); answers the holder's API.
 */
async function withKnownState(page: Page, request: APIRequestContext) {
  const api = await holderApi(page, request);
  await page.goto('/health');
  await api.reset();
  await api.dropDocument();
  return api;
}

/** Approve, then Confirm on the summary of what will be sent. */
async function approveAndConfirm(page: Page, requester: string) {
  await page.getByRole('button', { name: `Approve ${requester}` }).click();
  await page
    .getByRole('dialog', { name: `Share with ${requester}?` })
    .getByRole('button', { name: 'Confirm' })
    .click();
}

/** Opens /consent fully loaded, with the Credentials screen's code loaded too. */
async function openConsentAndCredentials(page: Page) {
  await page.goto('/credentials');
  await expect(
    page.getByRole('heading', { level: 1, name: /^Verifiable Credentials/ }),
  ).toBeVisible();
  await openFromHeader(page, 'Consent');
  await expect(section(page, 'Pending', 3)).toBeVisible();
}

const test = fileWidePage(signIn);

// The service worker stays on here, as playwright.config.ts blocks it elsewhere:
// offline changes: the app as a holder has it, worker included.
test.use({ serviceWorkers: 'allow' });

test('changes made offline are marked not yet synced, then land on the server exactly once', async ({
  page,
  context,
  request,
}) => {
  const api = await withKnownState(page, request);
  const airtel = (await api.consentRequests()).find((r) => r.requester === 'Bharti Airtel');
  if (!airtel) throw new Error('no Bharti Airtel request for user-003');
  const approvalLog = `Approved consent request from Bharti Airtel for ${airtel.purpose}`;
  const logsBefore = (await api.logDescriptions()).filter((d) => d === approvalLog).length;
  await openConsentAndCredentials(page);

  // The API becomes unreachable.
  await context.setOffline(true);
  await approveAndConfirm(page, 'Bharti Airtel');
  await expect(page.getByText('Approved on this device; not yet synced')).toBeVisible();
  const approved = section(page, 'Approved', 1).getByRole('article', { name: 'Bharti Airtel' });
  await expect(approved.getByText('Not yet synced')).toBeVisible();
  await expect(page.getByText('1 change waiting to sync')).toBeVisible();

  await openFromHeader(page, 'Credentials');
  await page.getByRole('button', { name: 'Add Credentials' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${DOCUMENT}`) }).click();
  await expect(page.getByText(`${DOCUMENT} saved on this device; awaiting issuer`)).toBeVisible();
  const card = page.getByRole('article', { name: DOCUMENT });
  await expect(card.getByText('Awaiting issuer')).toBeVisible();
  await expect(page.getByText('2 changes waiting to sync')).toBeVisible();
  await expect(
    page.getByText(
      "You're offline. Your changes are kept on this device and sent when the connection returns.",
    ),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Nothing reached the server.
  expect((await api.consentRequests()).find((r) => r.id === airtel.id)?.status).toBe('pending');
  expect(
    (await api.credentials()).filter((c) => c.credential_subject.document_type === DOCUMENT),
  ).toEqual([]);

  // Back online: the outbox replays both, in order, with their keys.
  const keys: string[] = [];
  const noteKey = (r: Request) => {
    const key = r.headers()['idempotency-key'];
    if (key) keys.push(`${r.method()} ${new URL(r.url()).pathname} ${key}`);
  };
  page.on('request', noteKey);
  await context.setOffline(false);
  // Two signed writes on the server, then the lists read again, before the message: more than
  // the default 5 s when four parts share two busy cores.
  await expect(page.getByText('Synced 2 changes')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('All changes synced')).toBeVisible();
  await expect(card.getByText('Awaiting issuer')).toBeHidden();
  expect(keys).toEqual([
    expect.stringMatching(
      new RegExp(`^POST /user/${USER}/consent-requests/${airtel.id}/approve [0-9a-f-]{36}$`),
    ),
    expect.stringMatching(/^POST \/identity\/generate-credential [0-9a-f-]{36}$/),
  ]);
  page.off('request', noteKey);

  // On the server, once: the request approved with one approval entry; one Birth Certificate,
  // issued for real (its proof verifies).
  expect((await api.consentRequests()).find((r) => r.id === airtel.id)?.status).toBe('approved');
  expect((await api.logDescriptions()).filter((d) => d === approvalLog)).toHaveLength(
    logsBefore + 1,
  );
  const issued = (await api.credentials()).filter(
    (c) => c.credential_subject.document_type === DOCUMENT,
  );
  expect(issued).toHaveLength(1);
  expect(issued[0]?.proof?.proofValue).toBeTruthy();
  const verdict = await request.get(`/api/verify/${issued[0]?.id}`);
  expect(await verdict.json()).toMatchObject({ verified: true, status: 'verified' });

  // The screens show the server's records.
  await openFromHeader(page, 'Consent');
  const synced = section(page, 'Approved', 1).getByRole('article', { name: 'Bharti Airtel' });
  await expect(synced).toBeVisible();
  await expect(synced.getByText('Not yet synced')).toBeHidden();
  await page.reload();
  await expect(
    section(page, 'Approved', 1).getByRole('article', { name: 'Bharti Airtel' }),
  ).toBeVisible();
  await expect(page.getByText(/waiting to sync/)).toBeHidden();

  await api.reset();
  await api.dropDocument();
});

test('an answer lost on its way back: the replay with the same key changes nothing twice', async ({
  page,
  context,
  request,
}) => {
  const api = await withKnownState(page, request);
  const bank = (await api.consentRequests()).find((r) => r.requester === 'State Bank of India');
  if (!bank) throw new Error('no State Bank of India request for user-003');
  const approvalLog = `Approved consent request from State Bank of India for ${bank.purpose}`;
  const logsBefore = (await api.logDescriptions()).filter((d) => d === approvalLog).length;
  await openConsentAndCredentials(page);

  await context.setOffline(true);
  await approveAndConfirm(page, 'State Bank of India');
  await expect(page.getByText('1 change waiting to sync')).toBeVisible();

  // The first replay reaches the server, but its answer never comes back.
  const approvePath = `**/user/${USER}/consent-requests/${bank.id}/approve`;
  const sent: string[] = [];
  let intercepted = 0;
  await page.route(approvePath, async (route) => {
    const key = route.request().headers()['idempotency-key'] ?? '';
    intercepted += 1;
    if (intercepted === 1) {
      const answer = await route.fetch();
      expect(answer.status()).toBe(200);
      // Counted once the server has answered, so the checks below never race the approval.
      sent.push(key);
      await route.abort('failed');
    } else {
      sent.push(key);
      await route.continue();
    }
  });
  await context.setOffline(false);
  await expect.poll(() => sent.length).toBe(1);
  await expect(page.getByText('1 change waiting to sync')).toBeVisible();
  expect((await api.consentRequests()).find((r) => r.id === bank.id)?.status).toBe('approved');

  // The holder asks again: the same key, and the server answers its stored answer.
  const replayed = page.waitForResponse((r) => r.url().endsWith(`/${bank.id}/approve`));
  await page.getByRole('button', { name: 'Sync now' }).click();
  const answer = await replayed;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['idempotent-replayed']).toBe('true');
  expect(sent).toHaveLength(2);
  expect(sent[1]).toBe(sent[0]);
  await expect(page.getByText('Synced 1 change')).toBeVisible();
  const approved = section(page, 'Approved', 1).getByRole('article', {
    name: 'State Bank of India',
  });
  await expect(approved.getByText('Not yet synced')).toBeHidden();
  expect((await api.logDescriptions()).filter((d) => d === approvalLog)).toHaveLength(
    logsBefore + 1,
  );

  await page.unroute(approvePath);
  await api.reset();
});

test('a request decided the other way on another device is shown, never overwritten', async ({
  page,
  context,
  request,
}) => {
  const api = await withKnownState(page, request);
  const lic = (await api.consentRequests()).find((r) => r.requester === 'LIC of India');
  if (!lic) throw new Error('no LIC of India request for user-003');
  const approvalLog = `Approved consent request from LIC of India for ${lic.purpose}`;
  const approvalsBefore = (await api.logDescriptions()).filter((d) => d === approvalLog).length;
  await openConsentAndCredentials(page);

  await context.setOffline(true);
  await approveAndConfirm(page, 'LIC of India');
  await expect(
    section(page, 'Approved', 1)
      .getByRole('article', { name: 'LIC of India' })
      .getByText('Not yet synced'),
  ).toBeVisible();

  // Meanwhile, on another device, the holder rejects it.
  await api.decide(lic.id, 'reject');

  await context.setOffline(false);
  const notice = page.getByRole('region', { name: 'Could not sync' }).getByRole('alert');
  await expect(notice).toContainText(
    `You approved the request from LIC of India (${lic.purpose}) on this device, but it had already been rejected on another device. Decisions are final, so the rejection stands.`,
  );
  // The server's own words only under Technical details (docs/i18n.md: texts as codes).
  await expect(notice.getByText('Technical details')).toBeVisible();
  await expect(notice).toContainText(
    'This consent request was already rejected. Decisions are final.',
  );
  await expect(
    section(page, 'Rejected', 1).getByRole('article', { name: 'LIC of India' }),
  ).toBeVisible();
  await expect(section(page, 'Approved', 0)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect((await api.consentRequests()).find((r) => r.id === lic.id)?.status).toBe('rejected');
  expect((await api.logDescriptions()).filter((d) => d === approvalLog)).toHaveLength(
    approvalsBefore,
  );

  // Still shown after a reload, until dismissed.
  await page.reload();
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss this notice' }).click();
  await expect(page.getByRole('region', { name: 'Could not sync' })).toBeHidden();

  await api.reset();
});
