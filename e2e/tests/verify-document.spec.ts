import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ensureCredential } from './held-credential';
import { signInThroughApi } from './sign-in';

/**
 * /verify says what it was given, against the real server's W3C verifier: a credential saved
 * with Download JSON and uploaded by a visitor is shown as a credential (issuer, holder name,
 * its numbers masked until their own eye toggle, 'Credential verified'), never as a receipt;
 * a JSON file that is neither is an unknown document. The test demo account (user-003) is
 * used, with a PAN Card this file adds.
 */

const AADHAAR = '456789012341';
const PHONE = '8765432109';

test('a downloaded credential uploaded on /verify is shown as a credential; other JSON as unknown', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signInThroughApi(page, AADHAAR, PHONE);
  // Specs share one server: another may already have given this holder a PAN Card.
  const pan = await ensureCredential(page, 'PAN Card');
  const download = page.waitForEvent('download');
  await pan.getByRole('button', { name: 'Download JSON' }).click();
  const file = await (await download).path();
  const document = JSON.parse(await readFile(file, 'utf8')) as {
    credentialSubject: { name: string; pan_number: string };
  };
  const { name, pan_number: panNumber } = document.credentialSubject;

  const context = await browser.newContext({ baseURL });
  try {
    const visitor = await context.newPage();
    await visitor.goto('/verify');
    await visitor.getByLabel('Or upload a JSON file').setInputFiles(file);
    await expect(visitor.getByRole('heading', { name: 'Credential verified' })).toBeVisible();
    await expect(visitor.getByText('A W3C verifiable credential')).toBeVisible();
    await expect(visitor.getByText(/Receipt verified|not a consent receipt/)).toHaveCount(0);
    const details = visitor.getByRole('region', { name: 'Credential details' });
    await expect(details.getByText('Income Tax Department', { exact: true })).toBeVisible();
    await expect(details.getByText(name, { exact: true })).toBeVisible();
    const subject = visitor.getByRole('region', { name: 'Subject' });
    const number = subject.locator('[data-field="pan_number"]');
    await expect(number).not.toHaveText(panNumber);
    await expect(number).toHaveText(/^[A-Z]{2}X{6}[0-9][A-Z]$/);
    await subject.getByRole('button', { name: 'Show PAN Number' }).click();
    await expect(number).toHaveText(panNumber);

    const other = testInfo.outputPath('not-a-credential.json');
    await writeFile(other, JSON.stringify({ name, pan_number: panNumber }));
    await visitor.getByLabel('Or upload a JSON file').setInputFiles(other);
    await expect(visitor.getByRole('heading', { name: 'Unknown document' })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Credential verified' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
