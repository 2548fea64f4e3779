import { expect, test } from '@playwright/test';

/**
 * Issue 19, sign-in: +91 before the mobile number, and on the OTP step Resend OTP once a
 * 30-second countdown has run (Playwright's clock moves the time), sending the OTP again as Send
 * OTP did; SPEC 5's texts and the demo flow stay.
 */

test('shows +91 before the mobile number', async ({ page }) => {
  await page.goto('/login');
  const phone = page.getByLabel('Mobile Number');
  await expect(page.getByText('+91', { exact: true })).toBeVisible();
  await expect(phone).toHaveAccessibleDescription('+91');
  const prefix = await page.getByText('+91', { exact: true }).boundingBox();
  const field = await phone.boundingBox();
  expect(prefix && field && prefix.x + prefix.width <= field.x + 1).toBe(true);
});

test('offers Resend OTP after a 30-second countdown; it sends the demo OTP again and signs in', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/login');
  await page.getByLabel('Aadhaar Number').fill('2345 6789 0125');
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Demo OTP sent! Use 123456')).toBeVisible();
  await expect(page.getByText('An OTP has been sent to +91 9876543210')).toBeVisible();
  await expect(page.getByText("Didn't get it? You can resend the OTP in 30 s")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeHidden();

  await page.clock.fastForward(15_000);
  await expect(page.getByText(/resend the OTP in 1[45] s$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeHidden();

  await page.clock.fastForward(15_000);
  const resend = page.getByRole('button', { name: 'Resend OTP' });
  await expect(resend).toBeVisible();
  await resend.click();
  await expect(page.getByText('Demo OTP sent! Use 123456').first()).toBeVisible();
  await expect(page.getByText("Didn't get it? You can resend the OTP in 30 s")).toBeVisible();

  await page.getByLabel('Enter OTP').fill('123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Resend OTP calls send-otp again for a pair that is not a demo account', async ({ page }) => {
  const sends: string[] = [];
  await page.route('**/api/auth/send-otp', async (route) => {
    sends.push(route.request().postData() ?? '');
    await route.fulfill({ json: { success: true, message: 'OTP sent to 9447123456' } });
  });
  await page.clock.install();
  await page.goto('/login');
  await page.getByLabel('Aadhaar Number').fill('7890 1234 5674');
  await page.getByLabel('Mobile Number').fill('9447123456');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByLabel('Enter OTP')).toBeVisible();
  await page.clock.fastForward(30_000);
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect.poll(() => sends.length).toBe(2);
  expect(JSON.parse(sends[1] ?? '{}')).toEqual({
    phoneNumber: '9447123456',
    aadhaarNumber: '789012345674',
  });
});
