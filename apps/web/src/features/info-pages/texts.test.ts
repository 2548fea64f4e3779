/**
 * Issue 5: every English text of the information pages has a Hindi translation. The `info`
 * namespace has the same keys in both languages, no empty Hindi text, the same {{placeholders}},
 * and Hindi that is written in Devanagari wherever the English has words.
 */
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import en from '@/locales/en/info.json';
import hi from '@/locales/hi/info.json';
import { INFO_NS } from './texts';

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const english = new Map(leaves(en));
const hindi = new Map(leaves(hi));
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('the info namespace', () => {
  it('is registered in both languages by the pages module', () => {
    expect(i18n.hasResourceBundle('en', INFO_NS)).toBe(true);
    expect(i18n.hasResourceBundle('hi', INFO_NS)).toBe(true);
  });

  it('has a non-empty Hindi text for every English key, and no other keys', () => {
    expect(english.size).toBeGreaterThan(100);
    for (const [key, value] of english) {
      expect(typeof value, key).toBe('string');
      const translation = hindi.get(key);
      expect(typeof translation, `hi: ${key}`).toBe('string');
      expect((translation as string).trim(), `hi: ${key}`).not.toBe('');
    }
    expect([...hindi.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('keeps the placeholders of each English text', () => {
    for (const [key, value] of english) {
      expect(placeholders(hindi.get(key) as string), key).toEqual(placeholders(value as string));
    }
  });

  it('is written in Devanagari, not left in English', () => {
    for (const [key, value] of english) {
      const words = (value as string).replace(/{{\w+}}/g, '').replace(/[^A-Za-z]/g, '');
      if (words.length === 0) continue;
      expect(hindi.get(key), key).toMatch(/[\u0900-\u097F]/);
    }
  });
});
