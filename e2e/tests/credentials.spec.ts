import { type Browser, expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { signInAsDemo } from './sign-in';

/**
 * Signed credentials (DECISIONS 4) in a real Chromium against the real server: the Credentials
 * screen (add, duplicate, QR code holding a share link) and the public verifier page. The secondary demo account
 * (user-002, DECISIONS 2) is used, so the dashboard test's random credential for user-001 cannot
 * collide with these.
 */

function signInAsSecondaryDemo(page: Page) {
  return signInAsDemo(page, '345678901238', '9123456780');
}

async function openCredentials(page: Page) {
  await page.goto('/credentials');
  await expect(
    page.getByRole('heading', { level: 1, name: /^Verifiable Credentials \(\d+\)$/ }),
  ).toBeVisible();
}

/** Decodes the QR code of a PNG data URL (as qrcode's toDataURL makes it). */
function decodeQr(dataUrl: string): string {
  const base64 = dataUrl.replace(/^data:image\/png;base64,/, '');
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code found in the image');
  return code.data;
}

/** A new browser context with nothing in storage (a visitor who is not the holder). */
async function freshPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test.describe.configure({ mode: 'serial' });

test('adds a PAN credential through Add Credentials; adding it again shows the server message', async ({
  page,
  context,
}) => {
  await signInAsSecondaryDemo(page);
  // A second tab opened before the PAN exists still offers it: the server must refuse.
  const stale = await context.newPage();
  await openCredentials(stale);
  await openCredentials(page);
  await expect(page.getByRole('article', { name: 'Basic Identity' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Credentials' }).click();
  const menu = page.getByRole('menu', { name: 'Credential types' });
  await expect(menu.getByRole('menuitem')).toHaveCount(9);
  await menu.getByRole('menuitem', { name: /^PAN Card/ }).click();
  await expect(page.getByText('Credential generated successfully')).toBeVisible();
  const pan = page.getByRole('article', { name: 'PAN Card' });
  await expect(pan).toBeVisible();
  await expect(pan.getByText('Income Tax Department')).toBeVisible();
  await expect(pan.getByText('Valid', { exact: true })).toBeVisible();

  // Now held: disabled in the dropdown.
  await page.getByRole('button', { name: 'Add Credentials' }).click();
  await expect(menu.getByRole('menuitem', { name: /^PAN Card/ })).toBeDisabled();
  await page.keyboard.press('Escape');

  await stale.getByRole('button', { name: 'Add Credentials' }).click();
  await stale.getByRole('menuitem', { name: /^PAN Card/ }).click();
  await expect(
    stale.getByText('You already have a PAN Card. Only one document of each type is allowed.'),
  ).toBeVisible();
  await stale.close();
});

test('the QR code holds a share link, and the link verifies in a fresh browser', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsSecondaryDemo(page);
  await openCredentials(page);
  const pan = page.getByRole('article', { name: 'PAN Card' });

  // Masked until the eye toggle is pressed.
  await pan.getByRole('button', { name: 'Show details of PAN Card' }).click();
  const panValue = pan.locator('[data-field="pan_number"]');
  await expect(panValue).toHaveText(/^[A-Z]{2}X{6}[0-9][A-Z]$/);
  await pan.getByRole('button', { name: 'Show pan_number' }).click();
  await expect(panValue).toHaveText(/^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$/);
  const fullPan = await panValue.textContent();

  // The QR code holds a share link; the PAN is disclosed only because it is ticked.
  await pan.getByRole('button', { name: 'Show QR Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share PAN Card' });
  await dialog.getByRole('checkbox', { name: 'PAN Number' }).check();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const img = pan.getByRole('img', { name: 'QR code for PAN Card' });
  await expect(img).toBeVisible();
  const src = await img.getAttribute('src');
  expect(src).toMatch(/^data:image\/png;base64,/);
  const link = decodeQr(src ?? '');
  expect(link).toMatch(new RegExp(`^${baseURL}/verify/share-[0-9a-f]{32}$`));
  await pan.getByRole('button', { name: 'Close QR' }).click();
  await expect(img).toBeHidden();

  // A visitor with nothing in storage.
  const visitor = await freshPage(browser, baseURL);
  try {
    await visitor.page.goto(link);
    await expect(visitor.page.getByText('Loading...')).toBeVisible();
    await expect(visitor.page.getByRole('heading', { name: 'Credential verified' })).toBeVisible();
    const checks = visitor.page.getByRole('list', { name: 'Checks made' });
    await expect(checks.getByText('Passed')).toHaveCount(3);
    const subject = visitor.page.getByRole('region', { name: 'Subject' });
    await expect(subject.locator('[data-field="pan_number"]')).not.toHaveText(fullPan ?? '');
    await subject.getByRole('button', { name: 'Reveal fields' }).click();
    await expect(subject.locator('[data-field="pan_number"]')).toHaveText(fullPan ?? '');
  } finally {
    await visitor.context.close();
  }
});

test('reordering by keyboard survives a reload; delete asks first', async ({ page }) => {
  await signInAsSecondaryDemo(page);
  await openCredentials(page);
  await page.getByRole('button', { name: 'Add Credentials' }).click();
  await page.getByRole('menuitem', { name: /^Passport/ }).click();
  await expect(page.getByRole('article', { name: 'Passport' })).toBeVisible();

  const titles = page.getByRole('list', { name: 'Your credentials' }).getByRole('heading', {
    level: 2,
  });
  await expect(titles).toHaveText(['Basic Identity', 'PAN Card', 'Passport']);
  // dnd-kit's keyboard sensor: Space picks up, arrows move, Space drops (each step animates).
  await page.getByRole('button', { name: 'Reorder PAN Card' }).focus();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/credentials/order') && r.request().method() === 'PUT',
  );
  for (const key of ['Space', 'ArrowDown', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect(titles).toHaveText(['Basic Identity', 'Passport', 'PAN Card']);
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(titles).toHaveText(['Basic Identity', 'Passport', 'PAN Card']);

  const passport = page.getByRole('article', { name: 'Passport' });
  await passport.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete credential?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await passport.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Credential deleted successfully')).toBeVisible();
  await expect(passport).toBeHidden();
  await page.reload();
  await expect(titles).toHaveText(['Basic Identity', 'PAN Card']);
});

test('/verify/unknown-id says Credential not found', async ({ browser, baseURL }) => {
  const visitor = await freshPage(browser, baseURL);
  try {
    await visitor.page.goto('/verify/unknown-id');
    await expect(visitor.page.getByRole('heading', { name: 'Credential not found' })).toBeVisible();
  } finally {
    await visitor.context.close();
  }
});
