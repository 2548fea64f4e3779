/**
 * Issue 5: every English text of the landing page has a Hindi translation. Hindi must have the same
 * keys, never be empty, keep the same {{placeholders}}, be written in Devanagari, and differ from
 * the English (no English left untranslated).
 */
import { describe, expect, it } from 'vitest';
import en from '@/locales/en/landing.json';
import hi from '@/locales/hi/landing.json';

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);
const DEVANAGARI = /[\u0900-\u097F]/;

describe('landing namespace: English and Hindi', () => {
  const english = new Map(leaves(en));
  const hindi = new Map(leaves(hi));

  it('has the same keys in both languages', () => {
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
    expect(english.size).toBeGreaterThan(50);
  });

  it.each([...english.entries()])('%s has a Hindi translation', (key, text) => {
    const translation = hindi.get(key);
    expect(text.trim()).not.toBe('');
    expect(translation?.trim()).toBeTruthy();
    expect(translation).not.toBe(text);
    expect(translation).toMatch(DEVANAGARI);
    expect(placeholders(translation ?? '')).toEqual(placeholders(text));
  });
});
