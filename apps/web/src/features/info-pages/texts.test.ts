/**
 * The information pages register the `info` namespace in both languages (its Hindi is checked
 * with every other file by src/locales/locales.test.ts).
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

const _english = new Map(leaves(en));
const _hindi = new Map(leaves(hi));
const _placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('the info namespace', () => {
  it('is registered in both languages by the pages module', () => {
    expect(i18n.hasResourceBundle('en', INFO_NS)).toBe(true);
    expect(i18n.hasResourceBundle('hi', INFO_NS)).toBe(true);
  });
});
