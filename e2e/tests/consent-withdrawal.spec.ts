import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import {
  BANK,
  confirmShare,
  createPanRequest,
  holderWithPan,
  openOnConsent,
  portalAnswer,
} from './portal-and-holder';

/**
 * Withdrawing a consent as easily as giving it (issue 17; DPDP Act s.6(4)), in a real Chromium
 * against the real server: State Bank of India's officer asks on the verifier portal, the holder
 * approves on /consent with one action, then withdraws on the same screen with one action and its
 * confirmation, without going anywhere else; the consent reads Withdrawn with the bank's erasure,
 * the activity log says so, and the portal, still open on the request, shows 'Consent withdrawn'
 * and the claims 'Erased on withdrawal' without a reload.
 */

test('the holder approves, then withdraws on the same screen; the portal shows the withdrawal and the erased claims', async ({
  page: portal,
  browser,
  baseURL,
}) => {
  // Two parties in two browser contexts, and the portal's 5-second follow-up of a shared request.
  test.slow();
  const walletUrl = await createPanRequest(portal);
  const holder = await holderWithPan(browser, baseURL);
  const { page } = holder;
  try {
    const card = await openOnConsent(page, walletUrl);
    // Approving: one action on the card.
    await card.getByRole('button', { name: `Share with ${BANK}` }).click();
    await confirmShare(page);
    await expect(page.getByText(`Shared with ${BANK}`).first()).toBeVisible();
    await expect(portal.getByText('Status: Shared and verified')).toBeVisible({ timeout: 15_000 });
    await expect(portal.getByRole('region', { name: 'Consent', exact: true })).toContainText(
      // The portal writes dates in SPEC 9's default format, DD/MM/YYYY (issue 19).
      /Used once, on \d{2}\/\d{2}\/\d{4}/,
    );

    // Withdrawing: one action on the same card, on the same screen, and its confirmation.
    await expect(page).toHaveURL(/\/consent$/);
    const approved = page
      .getByRole('region', { name: /^Approved \(\d+\)$/ })
      .getByRole('article', { name: BANK })
      .filter({ has: portalAnswer(page) });
    await expect(approved).toHaveCount(1);
    await expect(approved.getByText(/Used once, on/)).toBeVisible();
    await expect(approved.getByText('Valid until:')).toBeVisible();
    await approved.getByRole('button', { name: `Withdraw consent from ${BANK}` }).click();
    const dialog = page.getByRole('dialog', { name: `Withdraw consent from ${BANK}?` });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Withdraw consent' }).click();
    await expect(page.getByText(`Consent withdrawn from ${BANK}`)).toBeVisible();
    await expect(page).toHaveURL(/\/consent$/);

    const ended = page
      .getByRole('region', { name: /^Withdrawn or expired \(\d+\)$/ })
      .getByRole('article', { name: BANK })
      .filter({ has: portalAnswer(page) });
    await expect(ended).toHaveCount(1);
    await expect(ended.getByText('Withdrawn', { exact: true })).toBeVisible();
    await expect(
      ended.getByText(`${BANK} erased what you shared on`, { exact: false }),
    ).toBeVisible();
    await expect(ended.getByRole('button', { name: /Withdraw/ })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/logs');
    await expect(
      page.getByText('Withdrew consent from State Bank of India for Open savings account').first(),
    ).toBeVisible();
  } finally {
    await holder.context.close();
  }

  // The portal follows a shared request (every 5 s): no reload.
  await expect(portal.getByText('Status: Consent withdrawn')).toBeVisible({ timeout: 20_000 });
  const claims = portal.getByRole('region', { name: 'Verified claims' });
  await expect(claims.getByText(/^Erased on withdrawal, \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
  await expect(claims.locator('dd')).toHaveCount(0);
  await expect(portal.getByRole('region', { name: 'Consent', exact: true })).toContainText(
    /Withdrawn on/,
  );
  expect(await seriousViolations(portal)).toEqual([]);
});
