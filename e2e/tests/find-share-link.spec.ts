import { expect, type Locator, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { ensureCredential } from './held-credential';
import { signInThroughApi } from './sign-in';

/**
 * Find a share link again: a link made with Share (copied to the clipboard) and one made with
 * Show QR Code are both in the credential card's list after the clipboard was overwritten and
 * the page reloaded, each with Copy (the link back in the clipboard), QR code (decodes to the
 * link) and Open (the verifier page in a new tab); Who has my data lists them with the same
 * actions. The test demo account (user-003) is used, with a Voter ID Card this file adds.
 */

const AADHAAR = '456789012341';
const PHONE = '8765432109';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Decodes the QR code of a PNG data URL (as qrcode's toDataURL makes it). */
function decodeQr(dataUrl: string): string {
  const base64 = dataUrl.replace(/^data:image\/png;base64,/, '');
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code found in the image');
  return code.data;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The list item (of `list`) whose Copy puts `link` in the clipboard; fails when none does. */
async function itemCopying(page: Page, list: Locator, link: string): Promise<Locator> {
  const items = list.getByRole('listitem');
  for (let i = 0; i < (await items.count()); i += 1) {
    const item = items.nth(i);
    const copy = item.getByRole('button', { name: /^Copy link: / });
    if ((await copy.count()) === 0) continue;
    await copy.click();
    if ((await clipboard(page)) === link) return item;
  }
  throw new Error(`no listed link copies ${link}`);
}

test('find a share link again: copy it, see its QR code and open it from the list', async ({
  page,
  baseURL,
}) => {
  await signInThroughApi(page, AADHAAR, PHONE);
  // Specs share one server: another may already have given this holder a Voter ID Card.
  const card = await ensureCredential(page, 'Voter ID Card');

  // A link made with Share goes to the clipboard (no share sheet on desktop Linux).
  await card.getByRole('button', { name: 'Share', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Share Voter ID Card' })
    .getByRole('button', {
      name: 'Create link',
    })
    .click();
  await expect(page.getByText('Credential link copied to clipboard')).toBeVisible();
  const shared = await clipboard(page);
  expect(shared).toMatch(new RegExp(`^${baseURL}/verify/share-[0-9a-f]{32}$`));

  // A link made with Show QR Code is only ever shown as a QR code.
  await card.getByRole('button', { name: 'Show QR Code' }).click();
  await page
    .getByRole('dialog', { name: 'Share Voter ID Card' })
    .getByRole('button', {
      name: 'Create link',
    })
    .click();
  const cardQr = card.getByRole('img', { name: 'QR code for Voter ID Card' });
  const shown = decodeQr((await cardQr.getAttribute('src')) ?? '');
  expect(shown).toMatch(new RegExp(`^${baseURL}/verify/share-[0-9a-f]{32}$`));
  expect(shown).not.toBe(shared);
  await card.getByRole('button', { name: 'Close QR' }).click();

  // The clipboard moves on and the page is reloaded: both links are still in the card's list.
  await page.evaluate(() => navigator.clipboard.writeText('something else'));
  await page.reload();
  await card.getByText(/^\d+ active links? · /).click();
  const list = card.getByRole('list', { name: 'Share links' });
  await expect(list).toBeVisible();

  await itemCopying(page, list, shared);
  await expect(page.getByText('Link copied to clipboard')).toBeVisible();

  const item = await itemCopying(page, list, shown);
  await item.getByRole('button', { name: /^Show QR code: Voter ID Card/ }).click();
  const listQr = item.getByRole('img', { name: /^QR code of the link: Voter ID Card/ });
  await expect(listQr).toBeVisible();
  expect(decodeQr((await listQr.getAttribute('src')) ?? '')).toBe(shown);
  // SPEC 9: the QR image is 200 px.
  expect(await listQr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  await expect(item.getByText(shown, { exact: true })).toBeVisible();

  // Open: the verifier page of that link, in a new tab.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    item.getByRole('link', { name: /^Open in a new tab: Voter ID Card/ }).click(),
  ]);
  await expect(tab).toHaveURL(new RegExp(`${new URL(shown).pathname}$`));
  await expect(tab.getByRole('heading', { name: 'Credential verified' })).toBeVisible();
  await tab.close();

  // Who has my data lists the open links with the same actions.
  await page.goto('/consent/who-has-my-data');
  const open = page.getByRole('region', { name: 'Open share links' });
  await expect(
    open.getByRole('button', { name: /^Copy link: Voter ID Card/ }).first(),
  ).toBeVisible();
  await itemCopying(page, open.getByRole('list'), shared);
});
