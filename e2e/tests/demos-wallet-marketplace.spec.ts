/**
 * The offline demos (SPEC 1.8) in a real Chromium: the offline digital wallet (/digital-wallet) and
 * the data marketplace mock-up (/longterm), SPEC 2, 4, 9. Each flow test records every request the
 * page makes and asserts that none goes to the API (SPEC 7: the demos make no network calls; the
 * app's own assets are fine). axe-core (WCAG 2 A/AA) finds no serious or critical violation on
 * either page: each state once, in light or dark, both themes on each page.
 */
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './axe';

/** Paths served by the API (apps/server): none of them may be requested by a demo. */
const API_PREFIXES = [
  '/api',
  '/user',
  '/identity',
  '/health',
  '/storage',
  '/credentials',
  '/presentations',
  '/docs',
];

/** Starts recording the page's requests; call the result to get the API ones. */
function recordApiRequests(page: Page): () => string[] {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  return () => {
    // The listener works: at least the page itself was recorded.
    expect(requests.length).toBeGreaterThan(0);
    return requests.filter((url) => {
      if (!/^https?:/.test(url)) return false;
      const { pathname } = new URL(url);
      return API_PREFIXES.some(
        (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
      );
    });
  };
}

async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
}

/**
 * Today and today + 6 calendar months as the wallet shows dates: SPEC 9's default date format,
 * DD/MM/YYYY, in India's time zone (e.g. '05/03/2025').
 */
function expectedDates(page: Page) {
  return page.evaluate(() => {
    const format = (date: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Kolkata',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(date);
    const now = new Date();
    const expires = new Date(now.getTime());
    const day = expires.getDate();
    expires.setDate(1);
    expires.setMonth(expires.getMonth() + 6);
    const lastDay = new Date(expires.getFullYear(), expires.getMonth() + 1, 0).getDate();
    expires.setDate(Math.min(day, lastDay));
    return { today: format(now), expires: format(expires) };
  });
}

test.describe('/digital-wallet', () => {
  test('a consent moves from Pending to Approved to revoked, with counts and dates, offline', async ({
    page,
  }) => {
    const apiRequests = recordApiRequests(page);
    await page.goto('/digital-wallet');
    await expect(page.getByRole('heading', { level: 1, name: 'Digital Wallet' })).toBeVisible();
    await expect(page.getByRole('note', { name: 'Demo mode' })).toBeVisible();

    const consent = page.getByRole('region', { name: 'Consent Management' });
    const tab = (name: string) => consent.getByRole('tab', { name: new RegExp(`^${name} \\d+$`) });
    const panel = consent.getByRole('tabpanel');
    await expect(tab('Pending')).toHaveAttribute('aria-selected', 'true');
    await expect(tab('Pending')).toHaveText('Pending 3');
    await expect(tab('Approved')).toHaveText('Approved 2');
    await expect(tab('Declined')).toHaveText('Declined 1');

    const { today, expires } = await expectedDates(page);
    await page
      .getByRole('button', { name: 'Approve the request from Bharat National Bank' })
      .click();
    await expect(tab('Pending')).toHaveText('Pending 2');
    await expect(tab('Approved')).toHaveText('Approved 3');
    await expect(
      page.getByText(`Bharat National Bank may use this data until ${expires}`),
    ).toBeVisible();

    await tab('Approved').click();
    const approved = panel.getByRole('listitem').filter({ hasText: 'Bharat National Bank' });
    await expect(approved).toContainText(`Approved on ${today}`);
    await expect(approved).toContainText(`Expires on ${expires}`);
    await expect(approved.getByText('Active', { exact: true })).toBeVisible();

    await approved
      .getByRole('button', { name: 'Revoke the consent given to Bharat National Bank' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this consent?' });
    await expect(dialog).toContainText('Bharat National Bank will no longer be allowed to use');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(dialog).toBeHidden();
    await expect(tab('Pending')).toHaveText('Pending 2');
    await expect(tab('Approved')).toHaveText('Approved 2');
    await expect(tab('Declined')).toHaveText('Declined 2');
    await expect(panel.getByText('Bharat National Bank')).toHaveCount(0);

    await tab('Declined').click();
    const revoked = panel.getByRole('listitem').filter({ hasText: 'Bharat National Bank' });
    await expect(revoked).toContainText(`Revoked on ${today}`);
    await expect(revoked).toContainText('you revoked this consent after approving it.');

    // Keyboard: arrows move between the tabs.
    await tab('Declined').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab('Pending')).toBeFocused();
    await expect(tab('Pending')).toHaveAttribute('aria-selected', 'true');

    expect(apiRequests()).toEqual([]);
  });

  test('sharing switches and the completeness bars', async ({ page }) => {
    const apiRequests = recordApiRequests(page);
    await page.goto('/digital-wallet');
    const share = page.getByRole('switch', { name: 'Share Aadhaar Card' });
    await expect(share).toHaveAttribute('aria-checked', 'true');
    await share.click();
    await expect(share).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('progressbar', { name: 'Identity Verification' })).toHaveAttribute(
      'aria-valuenow',
      '95',
    );
    expect(apiRequests()).toEqual([]);
  });

  // Each state scanned once, the two themes split between them: the page in light, the other
  // tabs' content, the audit trail and the revoke dialog in dark.
  test('no serious axe violation: the page (light); audit trail, tabs and revoke dialog (dark)', async ({
    page,
  }) => {
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(page, theme);
      await page.goto('/digital-wallet');
      await expect(page.getByRole('heading', { level: 1, name: 'Digital Wallet' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme === 'dark',
      );
      if (theme === 'light') {
        expect(await seriousViolations(page)).toEqual([]);
        continue;
      }
      await page.getByRole('button', { name: 'View Audit Trail' }).click();
      await page.getByRole('tab', { name: /^Declined/ }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('tab', { name: /^Approved/ }).click();
      await page
        .getByRole('button', { name: /^Revoke the consent given to/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});

test.describe('/longterm', () => {
  test('switching the role turns My Earnings into Purchases, offline', async ({ page }) => {
    const apiRequests = recordApiRequests(page);
    await page.goto('/longterm');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Marketplace' })).toBeVisible();
    await expect(page.getByRole('note', { name: 'Concept demo' })).toContainText(
      'no real data is bought or sold',
    );
    const tabs = page.getByRole('tablist', { name: 'Marketplace sections' }).getByRole('tab');
    await expect(tabs).toHaveText([
      'Market Overview',
      'Data Categories',
      'My Earnings',
      'Analytics',
    ]);
    await expect(page.getByText('₹4,56,00,000.00')).toBeVisible();

    await page.getByRole('tab', { name: 'My Earnings' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText([
      'Buyer',
      'Data Category',
      'Amount',
      'Duration',
      'Date',
      'Status',
    ]);

    const buyer = page.getByRole('button', { name: 'Data Buyer' });
    await buyer.click();
    await expect(buyer).toHaveAttribute('aria-pressed', 'true');
    await expect(tabs).toHaveText(['Market Overview', 'Data Categories', 'Purchases', 'Analytics']);
    await expect(page.getByRole('tab', { name: 'Purchases' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: 'My Earnings' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Purchase Dataset:/ })).toHaveCount(3);
    await expect(page.getByText('₹4,50,000.00')).toBeVisible();

    await page.getByRole('tab', { name: 'Data Categories' }).click();
    await expect(page.getByRole('button', { name: /^Purchase Data:/ })).toHaveCount(6);
    await page.getByRole('button', { name: 'Data Seller' }).click();
    await expect(page.getByRole('button', { name: /^Start Earning:/ })).toHaveCount(6);
    await expect(page.getByRole('tab', { name: 'My Earnings' })).toBeVisible();

    await expect(
      page.getByRole('region', { name: 'The future we are building towards' }),
    ).toBeVisible();
    expect(apiRequests()).toEqual([]);
  });

  // Every tab once per role, the two themes split between the roles: as seller in light, as
  // buyer in dark.
  test('no serious axe violation on any tab: as seller (light) and as buyer (dark)', async ({
    page,
  }) => {
    for (const [role, theme] of [
      ['Data Seller', 'light'],
      ['Data Buyer', 'dark'],
    ] as const) {
      await useTheme(page, theme);
      await page.goto('/longterm');
      await expect(page.getByRole('heading', { level: 1, name: 'Data Marketplace' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme === 'dark',
      );
      await page.getByRole('button', { name: role }).click();
      for (const tab of [
        'Market Overview',
        'Data Categories',
        /^(My Earnings|Purchases)$/,
        'Analytics',
      ]) {
        await page.getByRole('tab', { name: tab }).click();
        expect(await seriousViolations(page)).toEqual([]);
      }
    }
  });
});
