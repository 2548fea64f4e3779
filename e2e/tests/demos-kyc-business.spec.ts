import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './axe';

/**
 * The offline demos (SPEC 1.8) in a real Chromium against the real server: the offline bank KYC
 * demo (/kyc-demo) and business portal (/business-dashboard). Every test records the page's
 * requests and asserts that none went to the API (SPEC 1, 7: the demos make no network calls; the
 * app's own assets are fine) nor to any other origin. axe-core finds no serious or critical WCAG 2
 * A/AA violation on either page: /business-dashboard in the light and the dark theme, the KYC
 * demo's step 1 in light and its step 2 in dark.
 */

/** The server's API prefixes (apps/server routes and DECISIONS 4 and 6). */
const API_PATH = /^\/(api|user|identity|health|storage|credentials|presentations|docs)(\/|$)/;

/** Starts recording the page's requests; call the result to get the offending ones. */
function recordRequests(page: Page): () => string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return () =>
    urls.filter((url) => {
      const parsed = new URL(url);
      if (parsed.protocol === 'data:' || parsed.protocol === 'blob:') return false;
      const sameOrigin = parsed.origin === new URL(page.url()).origin;
      return !sameOrigin || API_PATH.test(parsed.pathname);
    });
}

let offendingRequests: () => string[];

test.beforeEach(async ({ page }) => {
  offendingRequests = recordRequests(page);
});

test.afterEach(async () => {
  expect(offendingRequests()).toEqual([]);
});

async function openKyc(page: Page) {
  await page.goto('/kyc-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Bank KYC Demo' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Offline simulation only' })).toBeVisible();
}

function progress(page: Page) {
  return page.getByRole('progressbar', { name: 'KYC progress' });
}

/** Steps 3 to 6: share Name and Address, continue, continue in the browser. */
async function finishKyc(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Choose what to share' })).toBeFocused();
  const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(page.getByText('0 fields selected')).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await page.getByRole('checkbox', { name: /^Name/ }).check();
  await expect(page.getByText('1 field selected')).toBeVisible();
  await page.getByRole('checkbox', { name: /^Address/ }).check();
  await expect(page.getByText('2 fields selected')).toBeVisible();
  await continueButton.click();

  await expect(page.getByRole('heading', { level: 2, name: 'Consent request sent' })).toBeFocused();
  await expect(
    page.getByText('You will now be taken to Pehchaan to review and approve this request.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Approve in Pehchaan' })).toBeFocused();
  await page.getByRole('button', { name: /Open Mobile App/ }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This would open the Pehchaan mobile app, or the app store if the app is not installed.',
  );
  await page.getByRole('button', { name: /Continue in Browser/ }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'KYC completed' })).toBeFocused();
  await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Step 6 of 6: Complete');
  const summary = page.getByLabel('KYC summary');
  await expect(summary).toContainText('Fields shared2');
  await expect(summary).toContainText('Time taken2 min');
  await expect(summary).toContainText('StatusVerified');
}

test('KYC demo: the PAN path reaches KYC completed; Demo again starts over', async ({ page }) => {
  await openKyc(page);
  await page.getByRole('button', { name: /Manual KYC/ }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Manual KYC would redirect you to document upload.',
  );
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '1');

  await page.getByRole('button', { name: /Verify with Pehchaan/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Find your KYC record' })).toBeFocused();
  await page.getByRole('radio', { name: "No, I don't" }).check();
  const pan = page.getByRole('textbox', { name: 'PAN Number' });
  await expect(pan).toHaveAttribute('placeholder', 'ABCDE1234F');
  await pan.pressSequentially('abcps1234k');
  await expect(pan).toHaveValue('ABCPS1234K');
  const mobile = page.getByRole('textbox', { name: 'Mobile Number' });
  await mobile.pressSequentially('98765abc4321');
  await expect(mobile).toHaveValue('987654321');
  await expect(page.getByLabel('OTP', { exact: true })).toHaveCount(0);
  const verify = page.getByRole('button', { name: 'Verify & Proceed' });
  await expect(verify).toBeDisabled();

  await mobile.pressSequentially('0');
  const otp = page.getByLabel('OTP', { exact: true });
  await expect(otp).toBeVisible();
  await expect(page.getByText('Simulation: no OTP is sent. The demo OTP is 123456.')).toBeVisible();
  await expect(otp).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show OTP' }).click();
  await expect(otp).toHaveAttribute('type', 'text');
  await otp.pressSequentially('65432');
  await expect(verify).toBeDisabled();
  await otp.pressSequentially('1');
  await expect(verify).toBeEnabled();
  await verify.click();

  await finishKyc(page);
  await page.getByRole('button', { name: 'Go to Bank Dashboard' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This would redirect you to the bank dashboard.',
  );

  await page.getByRole('button', { name: 'Demo again' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Choose how to complete your KYC' }),
  ).toBeFocused();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '1');
});

test('KYC demo: the CKYC path reaches KYC completed; Proceed from 10 characters', async ({
  page,
}) => {
  await openKyc(page);
  // Keyboard only: Tab to the first choice and press Enter.
  await page.getByRole('button', { name: /Verify with Pehchaan/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Find your KYC record' })).toBeFocused();
  await page.getByRole('radio', { name: 'Yes, I know it' }).check();
  const ckyc = page.getByRole('textbox', { name: 'CKYC Number' });
  await expect(ckyc).toHaveAttribute('placeholder', 'Enter your 14-digit CKYC number');
  const proceed = page.getByRole('button', { name: 'Proceed', exact: true });
  await ckyc.pressSequentially('500123456');
  await expect(proceed).toBeDisabled();
  await ckyc.pressSequentially('7');
  await expect(proceed).toBeEnabled();
  await ckyc.pressSequentially('89012345');
  await expect(ckyc).toHaveValue('50012345678901');
  await ckyc.press('Enter');
  await finishKyc(page);
});

function rowNames(page: Page) {
  return page.getByRole('table').getByRole('rowheader');
}

test('business dashboard: stat cards, static figures, and the customer table filtered by name, PAN and status', async ({
  page,
}) => {
  await page.goto('/business-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Business Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Business portal' });
  await expect(nav.getByRole('listitem')).toHaveText([
    'Dashboard',
    'Customers',
    'Reports',
    'Settings',
    'Logout',
  ]);
  await expect(page.getByRole('list', { name: 'Key figures' }).getByRole('listitem')).toHaveText([
    /Verified Customers\s*50%/,
    /Moderate Quality Data\s*30%/,
    /High Risk\s*20%/,
    /Average Data Score\s*72/,
  ]);
  const alerts = page.getByRole('region', { name: 'Recent Alerts' });
  await expect(alerts.getByText('3 consent renewals due this week')).toBeVisible();
  await expect(alerts.getByText('Data quality up +5.2% over 30 days')).toBeVisible();

  await expect(rowNames(page)).toHaveCount(10);
  const search = page.getByRole('searchbox', { name: 'Search customers' });
  await search.fill('sInGh');
  await expect(rowNames(page)).toHaveText(['Gurpreet Singh Sandhu', 'Vikram Singh Rathore']);
  await expect(page.getByText('Showing 2 of 10 customers')).toBeVisible();

  // PAN substring of the masked PAN BKXXXXXX8L (Priya Venkataraman).
  await search.fill('xx8l');
  await expect(rowNames(page)).toHaveText(['Priya Venkataraman']);

  await search.fill('');
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.selectOption({ label: 'Flagged' });
  await expect(rowNames(page)).toHaveText(['Vikram Singh Rathore']);
  await expect(page.getByRole('row', { name: /Vikram Singh Rathore/ })).toContainText('At risk');
  await status.selectOption({ label: 'Moderate Quality Data' });
  await expect(rowNames(page)).toHaveText(['Mohammed Arif Khan', 'Meera Nair', 'Arjun Reddy']);
  await search.fill('REDDY');
  await expect(rowNames(page)).toHaveText(['Arjun Reddy']);
  await status.selectOption({ label: 'Verified' });
  await expect(rowNames(page)).toHaveCount(0);
  await expect(page.getByText('No customers match your search.')).toBeVisible();

  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Dashboard data would be exported to CSV or Excel.',
  );
});

test('business dashboard: on a 360 px phone the table scrolls inside its own region', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/business-dashboard');
  const region = page.getByRole('region', {
    name: /Customers with their status, data score, risk level and consent/,
  });
  await expect(region).toBeVisible();
  const { pageOverflow, regionScrolls } = await page.evaluate(() => {
    const el = document.querySelector('table')?.closest('section');
    return {
      pageOverflow: document.documentElement.scrollWidth > window.innerWidth,
      regionScrolls: el ? el.scrollWidth > el.clientWidth : false,
    };
  });
  expect(pageOverflow).toBe(false);
  expect(regionScrolls).toBe(true);
});

// Each step once, the two themes split between them: step 1 in light, step 2 in dark.
for (const theme of ['light', 'dark'] as const) {
  const step = theme === 'light' ? 'step 1' : 'step 2 with the OTP field shown';
  test(`axe, ${theme}: /kyc-demo (${step})`, async ({ page }) => {
    await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
    await openKyc(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );
    await page.getByRole('button', { name: /Manual KYC/ }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    if (theme === 'light') {
      expect(await seriousViolations(page)).toEqual([]);
      return;
    }
    await page.getByRole('button', { name: /Verify with Pehchaan/ }).click();
    await page.getByRole('radio', { name: "No, I don't" }).check();
    await page.getByRole('textbox', { name: 'PAN Number' }).fill('ABCPS1234K');
    await page.getByRole('textbox', { name: 'Mobile Number' }).fill('9876543210');
    await expect(page.getByLabel('OTP', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`axe, ${theme}: /business-dashboard`, async ({ page }) => {
    await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
    await page.goto('/business-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Business Dashboard' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
