/**
 * Active sessions (every session of a holder can be listed and revoked): the holder
 * signed in on two browsers sees both under Settings, Security; signing the other one out ends
 * its access at once (its next API call answers 401 and it lands on /login).
 */
import { expect, test } from '@playwright/test';
import { signInThroughApi } from './sign-in';

const AADHAAR = '345678901238';
const PHONE = '9123456780';
const OTHER_BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

test('signing out another session from Settings ends its access', async ({ browser }) => {
  const other = await browser.newContext({ userAgent: OTHER_BROWSER_UA });
  const otherPage = await other.newPage();
  await signInThroughApi(otherPage, AADHAAR, PHONE);

  const mine = await browser.newContext();
  const page = await mine.newPage();
  await signInThroughApi(page, AADHAAR, PHONE);
  await page.goto('/settings#settings-security');
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security.getByText('Active sessions')).toBeVisible();
  await expect(security.getByText('This device', { exact: true })).toBeVisible();
  const otherRow = security.getByRole('listitem').filter({ hasText: 'Firefox on Windows' });
  await expect(otherRow).toHaveCount(1);

  await otherRow.getByRole('button', { name: /Sign out Firefox on Windows/ }).click();
  await expect(page.getByText('Session signed out')).toBeVisible();
  await expect(
    security.getByRole('listitem').filter({ hasText: 'Firefox on Windows' }),
  ).toHaveCount(0);

  // The other browser's next call is refused and it is sent to the login page.
  await otherPage.goto('/credentials');
  await expect(otherPage).toHaveURL(/\/login$/);

  // This device is still signed in.
  await page.goto('/credentials');
  await expect(page).toHaveURL(/\/credentials$/);
  await other.close();
  await mine.close();
});
