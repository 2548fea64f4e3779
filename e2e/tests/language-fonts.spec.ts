/**
 * No language name renders as boxes (issue: the landing toggle's हिंदी drawn as five boxes on a
 * machine without Indic fonts). This Chromium's system has no Indic font (`fc-list :lang=hi` is
 * empty here), so every character of the language lists that is not Latin must be drawn by a
 * face the product serves: the endonym faces of fonts/generated/endonyms.css (core's registry;
 * apps/web/scripts/language-fonts.ts). Checked through the DevTools protocol's
 * `CSS.getPlatformFontsForNode`, which names the fonts Chromium drew a node's text with: a
 * character no font covers is drawn by a system font (as a box), never by a web font.
 *
 * - on the prerendered landing page with every script blocked (before the app starts): the
 *   English/Hindi toggle, with no font fetched;
 * - in the app: the footer's language menu, open, every language in it.
 */
import { spawnSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/** The fonts Chromium drew each element matching `selector` with, and its text. */
async function platformFonts(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  const out: { text: string; lang: string; fonts: PlatformFont[] }[] = [];
  for (const nodeId of nodeIds) {
    const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })) as {
      fonts: PlatformFont[];
    };
    const { node } = await cdp.send('DOM.describeNode', { nodeId, depth: 1 });
    const text = (node.children ?? []).map((child) => child.nodeValue ?? '').join('');
    const lang = node.attributes?.[node.attributes.indexOf('lang') + 1] ?? '';
    out.push({ text, lang, fonts });
  }
  await cdp.detach();
  return out;
}

/**
 * Whether a name not in Latin letters has a glyph drawn by a system font for one of its script's
 * letters: the system's font draws only its white space and Common-script characters (the
 * parentheses of "মৈতৈলোন্ (বাংলা)"), which the names' faces leave out (language-fonts.ts).
 */
function drawnOutside(name: { text: string; fonts: PlatformFont[] }): boolean {
  if (/^[\p{Script=Latin}\s]*$/u.test(name.text)) return false;
  if (!name.fonts.some((font) => font.isCustomFont)) return true;
  const bySystem = name.fonts
    .filter((font) => !font.isCustomFont)
    .reduce((sum, font) => sum + font.glyphCount, 0);
  return bySystem > [...name.text].filter((c) => /[\s\p{Script=Common}]/u.test(c)).length;
}

/** Every name not in Latin letters is drawn with the product's own faces (`drawnOutside`). */
function expectDrawnByWebFonts(names: { text: string; lang: string; fonts: PlatformFont[] }[]) {
  const outside = names
    .filter(drawnOutside)
    .map((name) => `${name.lang} ${name.text}: ${name.fonts.map((f) => f.familyName).join(', ')}`);
  expect(outside).toEqual([]);
}

test.use({ viewport: { width: 390, height: 844 } });

test('this machine has no Indic system font (so the product must bring its own)', () => {
  const listed = spawnSync('fc-list', [':lang=hi'], { encoding: 'utf8' });
  test.skip(listed.error !== undefined, 'fc-list is not installed');
  expect(listed.stdout.trim()).toBe('');
});

test('the landing toggle names Hindi in Devanagari before the app starts, with no font fetched', async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/');
  await page.evaluate(() => document.fonts.ready);
  const names = await platformFonts(page, 'button.endonym');
  expect(names.map((name) => name.text)).toEqual(['English', 'हिंदी']);
  expectDrawnByWebFonts(names);
  expect(fonts).toEqual([]);
});

test("the language menu draws every language's name, in its own script, with a font that has it", async ({
  page,
}) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: /Language/ }).click();
  const list = footer.getByRole('list', { name: 'Language' });
  await expect(list).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  // The faces arrive after the list opens (font-display: swap): wait until they are in use.
  await expect
    .poll(async () => {
      const names = await platformFonts(page, '[aria-label="Language"] .endonym');
      return names.filter(drawnOutside).length;
    })
    .toBe(0);
  const names = await platformFonts(page, '[aria-label="Language"] .endonym');
  expect(names.length).toBeGreaterThanOrEqual(8);
  expectDrawnByWebFonts(names);
});
