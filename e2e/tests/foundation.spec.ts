import { expect, type Page, test } from '@playwright/test';
import { storedSessionToken } from './browser-storage';
import { signInAsDemo, signInThroughApi } from './sign-in';

/** Signs in through the Login page with the primary demo account (DECISIONS 2). */
function signInAsPrimaryDemo(page: Page) {
  return signInAsDemo(page, '234567890125', '9876543210');
}

/** The same account signed in without the Login page, where the sign-in is not what is tested. */
function signedInAsPrimaryDemo(page: Page) {
  return signInThroughApi(page, '234567890125', '9876543210');
}

// The service worker stays on here, as playwright.config.ts blocks it elsewhere:
// the offline mode: the app as a holder has it, worker included.
test.use({ serviceWorkers: 'allow' });

test('demo login leads to a dashboard connected to the API showing the database counts', async ({
  page,
  request,
}) => {
  await signInAsPrimaryDemo(page);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByText('Connected to API')).toBeVisible();

  // Issue one credential through the dashboard, then compare the figures with the database's.
  await page.getByRole('button', { name: 'Generate Credential' }).first().click();
  await expect(page.getByText('Credential generated successfully')).toBeVisible();

  const token = await storedSessionToken(page);
  const headers = { Authorization: `Bearer ${token}` };
  const consent = await (await request.get('/user/user-001/consent-requests', { headers })).json();
  const credentials = await (await request.get('/user/user-001/credentials', { headers })).json();
  const pending = consent.consent_requests.filter(
    (c: { status: string }) => c.status === 'pending',
  ).length;
  expect(pending).toBe(3);
  expect(credentials.count).toBeGreaterThan(0);

  const summary = page.getByRole('list', { name: 'Summary' });
  await expect(summary.getByRole('link', { name: /Pending Consents/ })).toHaveText(
    new RegExp(`Pending Consents\\s*${pending}$`),
  );
  await expect(summary.getByRole('link', { name: /Active Credentials/ })).toHaveText(
    new RegExp(`Active Credentials\\s*${credentials.count}$`),
  );

  // The storage card, among the developer tools, shows the holder's own record counts (issue 19).
  await page.getByRole('button', { name: 'Developer tools' }).click();
  const backend = page.getByRole('region', { name: 'Backend Status' });
  await expect(backend.getByText('Credentials', { exact: true })).toBeVisible();
  await expect(backend).not.toContainText('users');
  await expect(page.getByText('Last Activity')).toBeVisible();
  await expect(summary.getByRole('link', { name: /Last Activity/ })).toContainText('Just now');
});

test('a wrong OTP for a demo account shows its message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Aadhaar Number').fill('2345 6789 0125');
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('Enter OTP').fill('654321');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Wrong OTP for demo user. Use: 123456').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an invalid Aadhaar number shows the SPEC message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Aadhaar Number').fill('1234');
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(
    page.getByText('Please enter a valid 12-digit Aadhaar number').first(),
  ).toBeVisible();
});

test('signed-out /dashboard goes to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Send OTP' })).toBeVisible();
});

test('with the API unreachable the dashboard shows Offline Mode and the offline banner', async ({
  page,
}) => {
  await signedInAsPrimaryDemo(page);
  await expect(page.getByText('Connected to API')).toBeVisible();
  // Every API call now fails at the network level, as when the backend is down.
  await page.route(/\/(user|identity|health|storage|api)\//, (route) => route.abort('failed'));
  await page.route(/\/(health|storage\/status)$/, (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Refresh', exact: true }).first().click();
  await expect(page.getByText('Offline Mode')).toBeVisible();
  await expect(
    page.getByText("You're currently offline. Dashboard is showing data from local storage."),
  ).toBeVisible();
});

test('sign out clears the session and a protected page then needs a new login', async ({
  page,
}) => {
  await signedInAsPrimaryDemo(page);
  const token = await storedSessionToken(page);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('navigation', { name: 'User menu' }).getByText('Sign Out').click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('sessionToken'))).toBeNull();
  // The server revoked the token too.
  const res = await page.request.get('/user/user-001/credentials', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(401);
});

test('unknown API paths answer the 404 problem while app routes get the SPA', async ({
  request,
}) => {
  const api = await request.get('/api/does-not-exist');
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toMatch(/^application\/problem\+json/);
  expect(await api.json()).toMatchObject({ code: 'not_found', status: 404, detail: 'Not Found' });
  const spa = await request.get('/credentials');
  expect(spa.status()).toBe(200);
  expect(await spa.text()).toContain('<div id="root">');
});
