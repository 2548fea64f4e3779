import { type Browser, expect, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { fileWidePage } from './file-page';
import { ensureCredential } from './held-credential';
import { signInThroughApi } from './sign-in';

/**
 * Share links (docs/api-contract.md "Share links") in a real Chromium against the real server: a
 * link that discloses two fields shows a stranger (a fresh browser context) those two only; the
 * QR code decodes to the link; the card counts the view; a withdrawn link stops working; the
 * bare /verify/{credentialId} shows only the name and masked numbers, and says 'Link turned off'
 * once the holder turns it off; a share of the Aadhaar number shows it masked unless the holder
 * chose, past the dialog's warning, to show it in full (DECISIONS 8). The test demo account
 * (user-003) is used, with an Aadhaar Card this file adds. The holder's page is one for the file,
 * signed in once (tests/file-page.ts); each stranger gets a fresh context.
 */

const AADHAAR = '456789012341';
const PHONE = '8765432109';
const DATE_OF_BIRTH = '1985-11-02';
/** The same date as the verifier page writes it (SPEC 9's default date format, DD/MM/YYYY). */
const DATE_OF_BIRTH_SHOWN = '02/11/1985';

const test = fileWidePage((page) => signInThroughApi(page, AADHAAR, PHONE));

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

async function openCredentials(page: Page) {
  await page.goto('/credentials');
  await expect(
    page.getByRole('heading', { level: 1, name: /^Verifiable Credentials \(\d+\)$/ }),
  ).toBeVisible();
}

test('a two-field share shows a stranger those two only; the QR holds the link; withdrawal stops it', async ({
  page,
  browser,
  baseURL,
}) => {
  // Specs share one server: another may already have given this holder an Aadhaar Card.
  const card = await ensureCredential(page, 'Aadhaar Card');

  // Show QR Code asks what the link discloses: the numbers start unticked, 7 days chosen.
  await card.getByRole('button', { name: 'Show QR Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Aadhaar Card' });
  await expect(dialog.getByRole('checkbox', { name: 'Aadhaar number' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Phone' })).not.toBeChecked();
  await expect(dialog.getByRole('radio', { name: '7 days' })).toBeChecked();
  for (const name of ['Address', 'Gender', 'Nationality']) {
    await dialog.getByRole('checkbox', { name }).uncheck();
  }
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog).toBeHidden();

  const img = card.getByRole('img', { name: 'QR code for Aadhaar Card' });
  await expect(img).toBeVisible();
  const link = decodeQr((await img.getAttribute('src')) ?? '');
  expect(link).toMatch(new RegExp(`^${baseURL}/verify/share-[0-9a-f]{32}$`));

  const visitor = await freshPage(browser, baseURL);
  try {
    await visitor.page.goto(link);
    await expect(visitor.page.getByRole('heading', { name: 'Credential verified' })).toBeVisible();
    const subject = visitor.page.getByRole('region', { name: 'Subject' });
    await expect(subject.locator('[data-field]')).toHaveCount(2);
    await expect(subject.locator('[data-field="name"]')).toBeVisible();
    await expect(subject.locator('[data-field="date_of_birth"]')).toHaveText(DATE_OF_BIRTH_SHOWN);
    // Name and date of birth are shown as they are: nothing more to reveal.
    await expect(subject.getByRole('button', { name: 'Reveal fields' })).toHaveCount(0);
    const text = (await visitor.page.locator('body').textContent()) ?? '';
    expect(text).not.toContain(AADHAAR);
    expect(text).not.toContain(AADHAAR.slice(8));
    expect(text).not.toContain(PHONE);
    await expect(visitor.page.getByText(/Views of this link: 1/)).toBeVisible();
  } finally {
    await visitor.context.close();
  }

  // The holder sees the view on the card, and withdraws the link.
  await page.reload();
  const summary = card.getByText('1 active link · 1 view');
  await expect(summary).toBeVisible();
  await summary.click();
  await card.getByRole('button', { name: /^Withdraw link expiring/ }).click();
  await expect(page.getByText('Link withdrawn', { exact: true })).toBeVisible();
  await expect(card.getByText('0 active links · 1 view')).toBeVisible();

  const late = await freshPage(browser, baseURL);
  try {
    await late.page.goto(link);
    await expect(late.page.getByRole('heading', { name: 'Link withdrawn' })).toBeVisible();
    await expect(late.page.getByText('The holder withdrew this link.')).toBeVisible();
    await expect(late.page.getByRole('region', { name: 'Subject' })).toBeHidden();
  } finally {
    await late.context.close();
  }
});

test('the bare /verify/{credentialId} shows the name and masked numbers only', async ({
  page,
  browser,
  baseURL,
}) => {
  await openCredentials(page);
  const card = page.getByRole('article', { name: 'Aadhaar Card' });
  await card.getByRole('button', { name: 'Show details of Aadhaar Card' }).click();
  const credentialId = (await card.locator('dd.font-mono').first().textContent()) ?? '';
  expect(credentialId).toMatch(/^cred-[0-9a-f]{32}$/);

  const visitor = await freshPage(browser, baseURL);
  try {
    await visitor.page.goto(`/verify/${credentialId}`);
    await expect(visitor.page.getByRole('heading', { name: 'Credential verified' })).toBeVisible();
    const subject = visitor.page.getByRole('region', { name: 'Subject' });
    await expect(subject.locator('[data-field="aadhaar_number"]')).toHaveText(
      `XXXX XXXX ${AADHAAR.slice(8)}`,
    );
    await expect(subject.locator('[data-field="date_of_birth"]')).toHaveCount(0);
    await expect(subject.locator('[data-field="address"]')).toHaveCount(0);
    await expect(subject.getByRole('button', { name: 'Reveal fields' })).toHaveCount(0);
    const text = (await visitor.page.locator('body').textContent()) ?? '';
    expect(text).not.toContain(AADHAAR);
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain(DATE_OF_BIRTH);
    expect(text).not.toContain(DATE_OF_BIRTH_SHOWN);
  } finally {
    await visitor.context.close();
  }
});

test('a shared Aadhaar number is masked unless chosen in full; the card reveals it on request', async ({
  page,
  browser,
  baseURL,
}) => {
  const card = await ensureCredential(page, 'Aadhaar Card');
  // The card holds the number masked; its eye asks the server for it.
  await card.getByRole('button', { name: 'Show details of Aadhaar Card' }).click();
  const number = card.locator('dl [data-field="aadhaar_number"]');
  await expect(number).toHaveText(`XXXX XXXX ${AADHAAR.slice(8)}`);
  await card.getByRole('button', { name: 'Show Aadhaar number' }).click();
  await expect(number).toHaveText(AADHAAR);
  await card.getByRole('button', { name: 'Hide Aadhaar number' }).click();

  const makeLink = async (full: boolean) => {
    await card.getByRole('button', { name: 'Show QR Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Aadhaar Card' });
    for (const name of ['Address', 'Gender', 'Nationality', 'Date of Birth']) {
      await dialog.getByRole('checkbox', { name }).uncheck();
    }
    await dialog.getByRole('checkbox', { name: 'Aadhaar number' }).check();
    const fullChoice = dialog.getByRole('checkbox', { name: 'Show Aadhaar number in full' });
    await expect(fullChoice).not.toBeChecked();
    await expect(dialog.getByText(/Anyone with the link sees all twelve digits/)).toBeVisible();
    if (full) await fullChoice.check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect(dialog).toBeHidden();
    const img = card.getByRole('img', { name: 'QR code for Aadhaar Card' });
    const link = decodeQr((await img.getAttribute('src')) ?? '');
    await card.getByRole('button', { name: 'Close QR' }).click();
    return link;
  };

  const masked = await makeLink(false);
  const full = await makeLink(true);
  const visitor = await freshPage(browser, baseURL);
  try {
    await visitor.page.goto(masked);
    const subject = visitor.page.getByRole('region', { name: 'Subject' });
    await expect(subject.locator('[data-field="aadhaar_number"]')).toHaveText(
      `XXXX XXXX ${AADHAAR.slice(8)}`,
    );
    await expect(subject.getByRole('button', { name: 'Reveal fields' })).toHaveCount(0);
    expect((await visitor.page.locator('body').textContent()) ?? '').not.toContain(AADHAAR);

    await visitor.page.goto(full);
    const shown = visitor.page.getByRole('region', { name: 'Subject' });
    await expect(shown.locator('[data-field="aadhaar_number"]')).toHaveText(
      `XXXX XXXX ${AADHAAR.slice(8)}`,
    );
    await shown.getByRole('button', { name: 'Reveal fields' }).click();
    await expect(shown.locator('[data-field="aadhaar_number"]')).toHaveText(AADHAAR);
  } finally {
    await visitor.context.close();
  }
});

test('the card switch turns the bare link off: a stranger reads Link turned off', async ({
  page,
  browser,
  baseURL,
}) => {
  await openCredentials(page);
  const card = page.getByRole('article', { name: 'Aadhaar Card' });
  await card.getByRole('button', { name: 'Show details of Aadhaar Card' }).click();
  const credentialId = (await card.locator('dd.font-mono').first().textContent()) ?? '';
  const toggle = card.getByRole('switch', { name: 'Public verify link' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  const visitor = await freshPage(browser, baseURL);
  try {
    await visitor.page.goto(`/verify/${credentialId}`);
    await expect(visitor.page.getByRole('heading', { name: 'Link turned off' })).toBeVisible();
    await expect(visitor.page.getByRole('region', { name: 'Subject' })).toBeHidden();
  } finally {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await visitor.context.close();
  }
});
