#!/usr/bin/env node
/**
 * Draws the web app manifest's PNG icons (public/icons/) from public/favicon.svg with the
 * machine's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Run by hand when the mark
 * changes (`node apps/web/scripts/make-icons.mjs`; Playwright comes with the e2e workspace); the
 * PNGs are committed, so the build needs no browser.
 *
 * - pwa-{192,512}.png ("any"): the shield on a transparent square, 8% margin.
 * - maskable-512.png ("maskable"): the shield inside the safe zone (the centre circle of 80%
 *   diameter, W3C Manifest "icon masks") on the theme's background colour.
 * - apple-touch-icon.png (180): iOS ignores transparency, so on the background colour too.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(webRoot, 'public/favicon.svg'), 'utf8');
/** The manifest's background_color (vite.config.ts). */
const BACKGROUND = '#fff7ed';

const icons = [
  { file: 'pwa-192.png', size: 192, padding: 0.08, background: 'transparent' },
  { file: 'pwa-512.png', size: 512, padding: 0.08, background: 'transparent' },
  { file: 'maskable-512.png', size: 512, padding: 0.22, background: BACKGROUND },
  { file: 'apple-touch-icon.png', size: 180, padding: 0.14, background: BACKGROUND },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const { file, size, padding, background } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inset = Math.round(size * padding);
    await page.setContent(
      `<style>html,body{margin:0;background:${background}}svg{display:block;` +
        `width:${size - 2 * inset}px;height:${size - 2 * inset}px;margin:${inset}px}</style>${svg}`,
    );
    await page.screenshot({
      path: join(webRoot, 'public/icons', file),
      omitBackground: background === 'transparent',
    });
    await page.close();
    console.log(`[icons] public/icons/${file}`);
  }
} finally {
  await browser.close();
}
