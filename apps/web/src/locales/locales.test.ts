/**
 * Every translation file (DECISIONS 6; every English key has a Hindi translation for the
 * public pages): for each namespace in locales/en, locales/hi has no key English lacks and
 * keeps each text's {{placeholders}}. The public pages and the offline demos (COMPLETE) must also
 * have every key, a non-empty Hindi text, written in Devanagari and not left in English, except
 * the few texts that are the same in both languages (a PAN format, a figure, a date format, a
 * brand name).
 */
import { describe, expect, it } from 'vitest';

type Json = Record<string, unknown>;
const load = (glob: Record<string, Json>) =>
  Object.fromEntries(
    Object.entries(glob).map(([path, json]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), json]),
  );
const english = load(import.meta.glob<Json>('./en/*.json', { eager: true, import: 'default' }));
const hindi = load(import.meta.glob<Json>('./hi/*.json', { eager: true, import: 'default' }));

/** Files whose every text must be in Hindi, with the keys that stay as they are. */
const COMPLETE: Record<string, readonly string[]> = {
  landing: [],
  info: [],
  'kyc-demo': ['identityStep.panPlaceholder'],
  'business-demo': ['trend.change'],
  'wallet-demo': [],
  'marketplace-demo': [],
  messages: [],
  consent: ['source.api', 'debugPanel.apiUrl'],
  'data-sharing': [],
  activity: [],
  notifications: [],
  common: ['languages.en'],
  profile: [],
  sync: [],
  settings: [
    'options.dateFormat.DD/MM/YYYY',
    'options.dateFormat.MM/DD/YYYY',
    'options.dateFormat.YYYY-MM-DD',
    'options.exportFormat.json',
    'integrations.services.digilockerConnected.name',
    'integrations.services.umangConnected.name',
    'integrations.services.googleDriveConnected.name',
    'integrations.services.dropboxConnected.name',
  ],
};

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value !== 'object' || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const DEVANAGARI = /[\u0900-\u097F]/;

describe.each(Object.keys(english))('%s.json', (file) => {
  const en = new Map(leaves(english[file]));
  const hi = new Map(leaves(hindi[file] ?? {}));

  it('has a Hindi file with no key English lacks, keeping the placeholders', () => {
    expect(hindi[file], `locales/hi/${file}.json`).toBeDefined();
    expect([...hi.keys()].filter((key) => !en.has(key))).toEqual([]);
    for (const [key, text] of hi) {
      expect(placeholders(text), key).toEqual(placeholders(en.get(key) ?? ''));
    }
  });

  const same = COMPLETE[file];
  it.runIf(same !== undefined)('translates every text into Devanagari Hindi', () => {
    for (const [key, text] of en) {
      const translation = hi.get(key);
      expect(translation?.trim(), `hi: ${key}`).toBeTruthy();
      if (same?.includes(key)) continue;
      const words = text.replace(/\{\{\w+\}\}/g, '').replace(/[^A-Za-z]/g, '');
      if (words.length === 0) continue;
      expect(translation, key).toMatch(DEVANAGARI);
      expect(translation, key).not.toBe(text);
    }
  });
});

it('checks the public pages and demos it names', () => {
  expect(Object.keys(COMPLETE).filter((file) => !(file in english))).toEqual([]);
});
