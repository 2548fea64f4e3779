import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the Login page with a demo account (DECISIONS 2) and waits for /dashboard.
 * @param aadhaar 12 digits; @param phone 10 digits. The demo OTP is 123456 for all three.
 * @param options.landing where sign-in is expected to lead (default /dashboard; a link opened
 *   while signed out, such as /receive?..., leads back to it); options.open: false when the page
 *   is already on /login (sent there by such a link).
 */
export async function signInAsDemo(
  page: Page,
  aadhaar: string,
  phone: string,
  options: { landing?: RegExp; open?: boolean } = {},
): Promise<void> {
  if (options.open !== false) await page.goto('/login');
  // The first interaction starts the app (ADR 0010); with a stored theme or language it starts
  // at once and renders the page afresh. Wait for it, so the numbers go into the app's form.
  await page.getByLabel('Aadhaar Number').click();
  await expect(page.locator('#root')).toHaveAttribute('data-app', 'ready');
  await page.getByLabel('Aadhaar Number').fill(aadhaar);
  await page.getByLabel('Mobile Number').fill(phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Demo OTP sent! Use 123456')).toBeVisible();
  await page.getByLabel('Enter OTP').fill('123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(options.landing ?? /\/dashboard$/);
}
