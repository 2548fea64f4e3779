import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { openDeveloperTools } from './developer-tools-panel';
import { signInThroughApi } from './sign-in';

/**
 * A receipt's page states the consent now (DECISIONS 7.8, 7.13), in a real Chromium against the
 * real server. The secondary demo account (user-002) gives the seeded bank request (Reset
 * Requests first, whatever ran before) and withdraws it on /consent; then anyone (a fresh
 * browser context, not signed in) opening the "consent given" receipt's link reads that the
 * consent was given and withdrawn, and follows the link to the later receipt, the withdrawal's,
 * which is the latest.
 */

const BANK = 'State Bank of India';
const GIVEN_THEN_WITHDRAWN = /^Given on .+ and withdrawn on .+\.$/;

test('after a withdrawal, the "consent given" receipt says withdrawn and links to the later receipt', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInThroughApi(page, '345678901238', '9123456780');
  await page.goto('/consent');
  await expect(page.getByRole('heading', { level: 1, name: 'Consent Management' })).toBeVisible();
  await openDeveloperTools(page);
  await page.getByRole('button', { name: 'Reset Requests' }).click();
  await expect(page.getByText('Consent requests reset')).toBeVisible();
  await page.getByRole('button', { name: `Approve ${BANK}` }).click();
  // Approve first shows what will be sent; Confirm sends it.
  await page
    .getByRole('dialog', { name: `Share with ${BANK}?` })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText(`Consent approved for ${BANK}`)).toBeVisible();

  // The approval's receipt, by its link on Who has my data.
  await page.goto('/consent/who-has-my-data');
  const given = page
    .getByRole('region', { name: BANK })
    .getByRole('link', { name: 'Open the printable page of the receipt "Consent given"' })
    .first();
  const givenHref = (await given.getAttribute('href')) ?? '';
  expect(givenHref).toMatch(/^\/verify\/receipt-[0-9a-f]{32}$/);

  // Withdraw on /consent: one action and its confirmation.
  await page.goto('/consent');
  await page.getByRole('button', { name: `Withdraw consent from ${BANK}` }).click();
  await page
    .getByRole('dialog', { name: `Withdraw consent from ${BANK}?` })
    .getByRole('button', { name: 'Withdraw consent' })
    .click();
  await expect(page.getByText(`Consent withdrawn from ${BANK}`)).toBeVisible();

  const context = await browser.newContext({ baseURL });
  try {
    const visitor = await context.newPage();
    await visitor.goto(givenHref);
    await expect(visitor.getByRole('heading', { name: 'Receipt verified' })).toBeVisible();
    const now = visitor.getByRole('region', { name: 'Consent now' });
    await expect(now.getByText('Withdrawn', { exact: true })).toBeVisible();
    await expect(now.getByText(GIVEN_THEN_WITHDRAWN)).toBeVisible();
    // What the receipt itself records stays: the consent given.
    const contents = visitor.getByRole('region', { name: 'What this receipt records' });
    await expect(contents.getByText('Given', { exact: true })).toBeVisible();
    expect(await seriousViolations(visitor)).toEqual([]);

    await now.getByRole('link', { name: 'Open the later receipt' }).click();
    await expect(visitor).toHaveURL(/\/verify\/receipt-[0-9a-f]{32}$/);
    expect(new URL(visitor.url()).pathname).not.toBe(givenHref);
    await expect(visitor.getByRole('heading', { name: 'Receipt verified' })).toBeVisible();
    const latest = visitor.getByRole('region', { name: 'Consent now' });
    await expect(latest.getByText('Withdrawn', { exact: true })).toBeVisible();
    await expect(latest.getByText(GIVEN_THEN_WITHDRAWN)).toBeVisible();
    await expect(latest.getByRole('link', { name: 'Open the later receipt' })).toHaveCount(0);
    await expect(
      visitor.getByRole('region', { name: 'What this receipt records' }).getByText('Withdrawn', {
        exact: true,
      }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
