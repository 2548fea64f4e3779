/**
 * The `kycDemo` namespace: every English text has a Hindi translation with the same keys and
 * {{placeholders}}, written in Devanagari (the PAN format example stays as it is); and the SPEC 8
 * demo alerts of the wizard exist in both languages.
 */
import { describe, expect, it } from 'vitest';
import en from '@/locales/en/kyc-demo.json';
import enMessages from '@/locales/en/messages.json';
import hi from '@/locales/hi/kyc-demo.json';
import hiMessages from '@/locales/hi/messages.json';

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);
const DEVANAGARI = /[\u0900-\u097F]/;
/** Same in both languages on purpose. */
const UNTRANSLATED = new Set(['identityStep.panPlaceholder']);

describe('kycDemo namespace: English and Hindi', () => {
  const english = new Map(leaves(en));
  const hindi = new Map(leaves(hi));

  it('has the same keys in both languages', () => {
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...english.entries()])('%s has a Hindi translation', (key, text) => {
    const translation = hindi.get(key) ?? '';
    expect(text.trim()).not.toBe('');
    expect(placeholders(translation).sort()).toEqual(placeholders(text).sort());
    if (UNTRANSLATED.has(key)) {
      expect(translation).toBe(text);
      return;
    }
    expect(translation).not.toBe(text);
    expect(translation).toMatch(DEVANAGARI);
  });

  it('has the demo alerts of SPEC 8 in messages, in both languages', () => {
    for (const key of ['demoManualKyc', 'demoOpenApp', 'demoBankDashboard'] as const) {
      expect(enMessages[key]).toBeTruthy();
      expect(hiMessages[key]).toMatch(DEVANAGARI);
    }
  });
});
