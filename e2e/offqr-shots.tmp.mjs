import { chromium } from 'playwright';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
const BASE = 'http://127.0.0.1:5734';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'] });
for (const width of [390, 1280]) {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width, height: width === 390 ? 844 : 900 }, deviceScaleFactor: Number(process.env.DPR ?? 1) });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Aadhaar Number').click();
  await page.locator('#root[data-app="ready"]').waitFor();
  await page.getByLabel('Aadhaar Number').fill('234567890125');
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByText('Demo OTP sent! Use 123456').waitFor();
  await page.getByLabel('Enter OTP').fill('123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.goto('/credentials');
  await page.getByRole('heading', { level: 1, name: /^Verifiable Credentials/ }).waitFor();
  const card = page.getByRole('article', { name: 'Aadhaar Card' });
  if ((await card.count()) === 0) {
    await page.getByRole('button', { name: 'Add Credentials' }).click();
    await page.getByRole('menuitem', { name: /^Aadhaar Card/ }).click();
    await card.waitFor();
  }
  await card.getByRole('button', { name: 'Offline QR' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: 'Aadhaar number' }).check();
  await page.screenshot({ path: `/tmp/offqr/shots/choose-${width}.png` });
  await dialog.getByRole('checkbox', { name: 'Include Aadhaar number in full' }).check();
  await dialog.getByRole('button', { name: 'Make code' }).click();
  const img = dialog.getByRole('img', { name: /Offline QR code of your/ });
  await img.waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/offqr/shots/code-${width}.png` });
  // Scan the code as drawn on the screen.
  const src = await img.getAttribute('src');
  const raw = PNG.sync.read(Buffer.from(src.split(',')[1], 'base64'));
  const rawFound = jsQR(new Uint8ClampedArray(raw.data), raw.width, raw.height);
  console.log('raw', raw.width, rawFound ? 'scanned v' + rawFound.version + ' ' + rawFound.data.slice(0, 12) : 'NOT SCANNED');
  const png = PNG.sync.read(await img.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  const nonce = await dialog.getByTestId('offline-qr-nonce').textContent();
  console.log(width, 'scanned:', found ? found.data.slice(0, 20) + '... len ' + found.data.length + ' version ' + found.version : 'NOT SCANNED', 'nonce', nonce);
  await context.close();
}
await browser.close();
