import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { base58 } from '@scure/base';
import { digest } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { decodeJwt, decodeProtectedHeader, flattenedVerify, importJWK, type JWK } from 'jose';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { decodeOfflineQr } from '../../packages/core/src/offline/qr-codec';
import { fileWidePage } from './file-page';
import { ensureCredential } from './held-credential';
import { signInThroughApi } from './sign-in';

/**
 * "Download PDF" makes a real PDF (DECISIONS 9.5) in a real Chromium against the real server:
 * the holder ticks fields in a dialog, the PDF is made on the device, and its text is read back
 * with pdftotext (poppler) in English and in Hindi: the name, issuer, a field and a masked
 * identity number. Its QR code is rendered with pdftoppm, decoded with jsQR and the product's
 * offline codec, and the SD-JWT VC presentation it carries is verified as a verifier with no
 * network would: the issuer's signature by a key of the trust list (GET /trust-list), the
 * disclosures exactly the ticked fields the code can carry, the KB-JWT `aud` 'offline-print'
 * with the nonce printed beside the code.
 *
 * The primary demo account is used; the PAN Card is added when the holder has none yet. One page
 * for the file, signed in once (tests/file-page.ts).
 */

const LOCALES = join(import.meta.dirname, '../../apps/web/src/locales');
const credentialsText = (language: 'en' | 'hi') =>
  JSON.parse(readFileSync(join(LOCALES, language, 'credentials.json'), 'utf8'));

/** The PAN Card's name and its issuer's, per language (core's catalogue and issuer names). */
const PAN = {
  en: { title: 'PAN Card', issuer: 'Income Tax Department' },
  hi: { title: 'पैन कार्ड', issuer: 'आयकर विभाग' },
} as const;

async function openCredentials(page: Page) {
  await page.goto('/credentials');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/\(\d+\)/);
}

/** Adds the PAN Card through Add Credentials unless the holder already has one. */
async function ensurePan(page: Page) {
  await ensureCredential(page, 'PAN Card');
}

/** The PDF's text as pdftotext reads it, spaces collapsed. */
function pdfText(path: string): string {
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** The text of the QR code on the PDF's first page (rendered at 150 dpi). */
function pdfQr(path: string): string {
  const prefix = join(mkdtempSync(join(tmpdir(), 'pdf-qr-')), 'page');
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '150',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    path,
    prefix,
  ]);
  const png = PNG.sync.read(readFileSync(`${prefix}.png`));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code found on the PDF page');
  return code.data;
}

/** The Ed25519 JWK of a did:key (multibase base58btc, multicodec 0xed01: the did:key spec). */
function jwkOfDidKey(did: string): JWK {
  const bytes = base58.decode(did.replace(/^did:key:z/, ''));
  if (bytes[0] !== 0xed || bytes[1] !== 0x01 || bytes.length !== 34) throw new Error('not Ed25519');
  return { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(bytes.slice(2)).toString('base64url') };
}

async function signatureValid(input: string, signature: string, jwk: JWK, alg: string) {
  const [protectedHeader = '', payload = ''] = input.split('.');
  try {
    await flattenedVerify(
      { protected: protectedHeader, payload, signature },
      await importJWK(jwk, alg),
    );
    return true;
  } catch {
    return false;
  }
}

/** Verifies an SD-JWT VC presentation as an offline verifier holding the trust list's DIDs. */
async function verifyOffline(request: APIRequestContext, presentation: string, nonce: string) {
  const list = (await (await request.get('/trust-list')).json()) as {
    issuers: { dids: string[] }[];
  };
  const trusted = list.issuers.flatMap((issuer) => issuer.dids);
  const verifier = new SDJwtVcInstance({
    hasher: digest,
    verifier: async (input, signature) => {
      const header = decodeProtectedHeader(`${input}.${signature}`);
      const did = String(header.kid).split('#')[0] ?? '';
      const { iss } = decodeJwt(`${input}.${signature}`);
      if (header.alg !== 'EdDSA' || !trusted.includes(did) || iss !== did) return false;
      return signatureValid(input, signature, jwkOfDidKey(did), 'EdDSA');
    },
    kbVerifier: async (input, signature, payload) => {
      const jwk = payload.cnf?.jwk as JWK | undefined;
      const { alg } = decodeProtectedHeader(`${input}.${signature}`);
      if (!jwk || typeof alg !== 'string') return false;
      return signatureValid(input, signature, jwk, alg);
    },
    // The credential's Token Status List, fetched as a verifier fetches it while online, signed
    // by the same trusted issuer key (its statuslist+jwt carries no `iss`; docs/status-lists.md).
    statusListFetcher: async (uri) => (await request.get(uri)).text(),
    statusVerifier: async (input, signature) => {
      const header = decodeProtectedHeader(`${input}.${signature}`);
      const did = String(header.kid).split('#')[0] ?? '';
      if (header.alg !== 'EdDSA' || !trusted.includes(did)) return false;
      return signatureValid(input, signature, jwkOfDidKey(did), 'EdDSA');
    },
  });
  const result = await verifier.verify(presentation, { keyBindingNonce: nonce });
  return {
    claims: result.payload as Record<string, unknown>,
    kb: result.kb?.payload as { aud?: string; nonce?: string },
  };
}

/** Opens the PAN card, ticks the fields off that are not `keep`, and downloads its PDF. */
async function downloadPdf(page: Page, language: 'en' | 'hi', unticked: readonly string[]) {
  const t = credentialsText(language);
  const pan = page.getByRole('article', { name: PAN[language].title });
  const details = pan.getByRole('button', {
    name: t.showDetails.replace('{{name}}', PAN[language].title),
  });
  if ((await details.getAttribute('aria-expanded')) !== 'true') await details.click();
  await pan.getByRole('button', { name: t.downloadPdf }).click();
  const dialog = page.getByRole('dialog', {
    name: t.pdf.dialogTitle.replace('{{name}}', PAN[language].title),
  });
  for (const label of unticked) await dialog.getByRole('checkbox', { name: label }).uncheck();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: t.downloadPdf }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pehchaan-pan-card-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(page.getByText(t.toast.downloadedPdf)).toBeVisible();
  return { path: await file.path(), card: pan };
}

const test = fileWidePage((page) => signInThroughApi(page, '234567890125', '9876543210'));

test('the PDF has real text (name, issuer, fields, masked PAN) and a QR code that verifies offline', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await ensurePan(page);
  const { path, card } = await downloadPdf(page, 'en', ['Date of Birth']);
  const holder = (await card.locator('[data-field="name"]').textContent()) ?? '';
  const father = (await card.locator('[data-field="father_name"]').textContent()) ?? '';
  const maskedPan = (await card.locator('[data-field="pan_number"]').textContent()) ?? '';
  expect(maskedPan).toMatch(/^[A-Z]{2}X{6}[0-9A-Z]{2}$/);

  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(path);
  for (const expected of [PAN.en.title, PAN.en.issuer, holder, father, maskedPan, 'Valid until']) {
    expect(text).toContain(expected);
  }
  expect(text).not.toContain('Date of Birth');
  const nonce = /Code ([A-Z0-9]{6})/.exec(text)?.[1];
  expect(nonce).toBeDefined();

  // The QR code: PH1 text, an SD-JWT VC presentation signed by a trusted issuer, carrying the
  // ticked fields the code can carry (the PAN is printed masked, so it is not in the code).
  const qr = pdfQr(path);
  expect(qr.startsWith('PH1:')).toBe(true);
  const presentation = decodeOfflineQr(qr);
  const { claims, kb } = await verifyOffline(request, presentation, nonce ?? '');
  expect(kb).toMatchObject({ aud: 'offline-print', nonce });
  expect(claims.name).toBe(holder);
  expect(claims.father_name).toBe(father);
  expect(claims).not.toHaveProperty('pan_number');
  expect(claims).not.toHaveProperty('date_of_birth');
  expect(presentation.split('~').length - 2).toBe(2);
});

test('in Hindi the PDF reads back in Hindi (Devanagari embedded, shaped and searchable)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await ensurePan(page);
  await page.evaluate(() => localStorage.setItem('language', 'hi'));
  await openCredentials(page);
  const t = credentialsText('hi');
  const { path, card } = await downloadPdf(page, 'hi', []);
  const holder = (await card.locator('[data-field="name"]').textContent()) ?? '';
  const maskedPan = (await card.locator('[data-field="pan_number"]').textContent()) ?? '';
  const text = pdfText(path);
  for (const expected of [PAN.hi.title, PAN.hi.issuer, holder, maskedPan, t.pdf.holder]) {
    expect(text).toContain(expected);
  }
  const fonts = execFileSync('pdffonts', [path], { encoding: 'utf8' });
  expect(fonts).toMatch(/NotoSansDevanagari/);
  expect(fonts).toMatch(/NotoSans-Regular/);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});
