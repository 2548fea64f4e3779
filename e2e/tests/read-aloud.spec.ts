import { expect, test } from '@playwright/test';
import { openDeveloperTools } from './developer-tools-panel';
import { signInThroughApi } from './sign-in';

/**
 * Read aloud on this machine's Chromium (docs/i18n.md "Read aloud"): it has speech synthesis
 * but no voice at all (no speech-dispatcher), so a consent card's button is disabled and says
 * there is no English voice, and nothing is read in another language's voice.
 */
test('a consent card says there is no voice for the language, instead of reading', async ({
  page,
}) => {
  await signInThroughApi(page, '456789012341', '8765432109', { landing: '/consent' });
  // The test demo account's seeded requests, pending whatever ran before (as consent.spec.ts).
  await openDeveloperTools(page);
  await page.getByRole('button', { name: 'Reset Requests' }).click();
  await expect(page.getByText('Consent requests reset')).toBeVisible();
  const voices = await page.evaluate(() =>
    'speechSynthesis' in window ? window.speechSynthesis.getVoices().length : -1,
  );
  expect(voices).toBe(0);
  const card = page.getByRole('article', { name: 'State Bank of India' }).first();
  const button = card.getByRole('button', { name: 'No English voice on this device' });
  await expect(button).toBeVisible();
  await expect(button).toBeDisabled();
});
