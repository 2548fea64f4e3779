/**
 * The landing page (SPEC 1, 2): the English/Hindi toggle switches the hero and the FAQ
 * and back, and is remembered; the header's Features link scrolls #features into view; partner
 * links open in a new tab with rel="noopener noreferrer". Its axe scans (in English and Hindi,
 * light and dark) are in public-pages.spec.ts.
 */
import { expect, type Page, test } from '@playwright/test';

const EN_TITLE = 'Your identity, your consent';
const HI_TITLE = 'आपकी पहचान, आपकी सहमति';

function heroHeading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

test('the Hindi toggle switches the hero and the FAQ to Hindi and back', async ({ page }) => {
  await page.goto('/');
  await expect(heroHeading(page)).toHaveText(EN_TITLE);
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  await expect(faq.getByText('Is this a student project?')).toBeVisible();

  await page.getByRole('button', { name: 'हिंदी', exact: true }).click();
  await expect(heroHeading(page)).toHaveText(HI_TITLE);
  await expect(page.getByRole('button', { name: 'हिंदी', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const hindiFaq = page.getByRole('region', { name: 'अक्सर पूछे जाने वाले सवाल' });
  await hindiFaq.getByText('क्या यह एक छात्र परियोजना है?').click();
  await expect(hindiFaq.getByText(/भारत के एक विश्वविद्यालय की छात्र परियोजना/)).toBeVisible();
  await expect(page.getByText('What is Pehchaan?')).toHaveCount(0);

  // The choice is remembered.
  await page.reload();
  await expect(heroHeading(page)).toHaveText(HI_TITLE);

  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expect(heroHeading(page)).toHaveText(EN_TITLE);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await faq.getByText('Is this a student project?').click();
  await expect(faq.getByText(/a student project at a university in India/)).toBeVisible();
});

test("the header's Features link scrolls #features into view", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const features = page.locator('#features');
  /** Distance of #features' top from the viewport's top, in CSS pixels. */
  const top = async () => (await features.boundingBox())?.y ?? Number.NaN;
  const scrolledToFeatures = async () => {
    await expect(features).toBeInViewport();
    // Just below the sticky header (64 px), not merely peeking in at the bottom.
    await expect.poll(top).toBeGreaterThanOrEqual(0);
    await expect.poll(top).toBeLessThan(120);
  };
  expect(await top()).toBeGreaterThan(200);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });

  await nav.getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL(/\/#features$/);
  await scrolledToFeatures();

  // Scrolled back up and clicked again: it scrolls again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(top).toBeGreaterThan(200);
  await nav.getByRole('link', { name: 'Features' }).click();
  await scrolledToFeatures();

  // From another page.
  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await nav.getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL(/\/#features$/);
  await scrolledToFeatures();
});

test('partner links open the official sites in a new tab', async ({ page }) => {
  await page.goto('/');
  const partners = page.getByRole('region', {
    name: 'Credentials modelled on documents issued by',
  });
  const links = partners.getByRole('link');
  await expect(links).toHaveCount(7);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('href', /^https:\/\/(www\.)?[a-z0-9.]+\.(gov\.in|org)\//);
  }
  await expect(partners.getByRole('link', { name: /UIDAI/ })).toHaveAttribute(
    'href',
    'https://uidai.gov.in/',
  );
});
