import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Makes sure the signed-in holder has a credential of catalogue type `type` ('PAN Card',
 * 'Aadhaar Card', ...): opens /credentials (unless `options.open` is false: the page is there
 * already) and adds it through Add Credentials only when the app offers it. Answers its card.
 *
 * Whether the holder has one is asked of the app itself, not guessed from the cards on screen:
 * the menu's entry of a held type is disabled (SPEC 5, one document per type). Spec files share
 * one server, and a test taken again on CI's retry finds what its first try added; a guess from
 * the cards (none named so at one instant, then the menu's entry disabled because the list had
 * meanwhile been read again) leaves a click waiting on a disabled entry until the test's time
 * limit (two minutes with four parts: profile-settings' retry did so). When
 * the list shown is older than the server's, the server refuses the second one ('You already
 * have ...', SPEC 8) and the list read again shows the card: either way the card is shown.
 */
export async function ensureCredential(
  page: Page,
  type: string,
  options: { open?: boolean } = {},
): Promise<Locator> {
  if (options.open !== false) await page.goto('/credentials');
  await expect(
    page.getByRole('heading', { level: 1, name: /^Verifiable Credentials \(\d+\)$/ }),
  ).toBeVisible();
  const card = page.getByRole('article', { name: type });
  if (await card.isVisible()) return card;
  await page.getByRole('button', { name: 'Add Credentials' }).click();
  const entry = page
    .getByRole('menu', { name: 'Credential types' })
    .getByRole('menuitem', { name: new RegExp(`^${type}`) });
  await expect(entry).toBeVisible();
  if (await entry.isEnabled()) {
    // Enabled when seen; a list read again meanwhile may disable it (then it is held).
    await entry.click({ timeout: 10_000 }).catch(async (error: unknown) => {
      if (!(await entry.isDisabled())) throw error;
      await page.keyboard.press('Escape');
    });
  } else {
    await page.keyboard.press('Escape');
  }
  await expect(card).toBeVisible({ timeout: 20_000 });
  return card;
}
