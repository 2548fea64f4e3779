/**
 * The `walletDemo` namespace: every English text has a Hindi translation with the same keys and
 * {{placeholders}}, written in Devanagari and different from the English (nothing left
 * untranslated).
 */
import { describe, expect, it } from 'vitest';
import en from '@/locales/en/wallet-demo.json';
import hi from '@/locales/hi/wallet-demo.json';

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const DEVANAGARI = /[\u0900-\u097F]/;

describe('walletDemo namespace: English and Hindi', () => {
  const english = new Map(leaves(en));
  const hindi = new Map(leaves(hi));

  it('has the same keys in both languages', () => {
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...english.entries()])('%s has a Hindi translation', (key, text) => {
    const translation = hindi.get(key) ?? '';
    expect(text.trim()).not.toBe('');
    expect(placeholders(translation)).toEqual(placeholders(text));
    expect(translation).not.toBe(text);
    expect(translation).toMatch(DEVANAGARI);
  });
});
