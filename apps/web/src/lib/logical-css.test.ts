/**
 * Right-to-left layouts (Urdu, Kashmiri, Sindhi; core's registry `dir`) need the app's CSS in
 * logical directions (CSS Logical Properties and Values Level 1): Tailwind's ms-/me-/ps-/pe-/
 * start-/end-/text-start/text-end/rounded-s/rounded-e/border-s/border-e, which flip with
 * <html dir="rtl">, never the physical ml-/mr-/pl-/pr-/left-/right-/text-left/text-right/
 * rounded-l/rounded-r/border-l/border-r, which do not. This test fails on a physical class in
 * any source file of the web app (docs/i18n.md "Right to left").
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A Tailwind class naming a physical side, in a class list (after a space, quote or variant). */
export const PHYSICAL_CLASS = new RegExp(
  [
    String.raw`(?<=[\s"'\x60:!])-?(?:ml|mr|pl|pr|left|right|inset-[lr]|rounded-(?:[lr]|tl|tr|bl|br)|border-[lr]|scroll-[mp][lr])-(?:\[[^\]\s]*\]|\d[\w./]*|auto|px|full|none|lg|md|sm|xl|2xl|3xl)(?=[\s"'\x60]|$)`,
    String.raw`(?<=[\s"'\x60:!])(?:text-left|text-right|float-left|float-right|border-l|border-r|rounded-l|rounded-r)(?=[\s"'\x60]|$)`,
  ].join('|'),
  'gm',
);

describe('the web app writes its CSS in logical directions', () => {
  it('has no physical left/right Tailwind class in any source file', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const match of text.matchAll(PHYSICAL_CLASS)) {
        const line = text.slice(0, match.index).split('\n').length;
        found.push(`${file.slice(3)}:${line}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('recognises the physical classes it forbids, and not the logical ones', () => {
    const classes = (text: string) => [...text.matchAll(PHYSICAL_CLASS)].map((m) => m[0]);
    expect(classes('"ml-2 sm:pr-4 -left-1 text-right rounded-l-lg border-r"')).toEqual([
      'ml-2',
      'pr-4',
      '-left-1',
      'text-right',
      'rounded-l-lg',
      'border-r',
    ]);
    expect(classes('"ms-2 sm:pe-4 -start-1 text-end rounded-s-lg border-e right-to-left"')).toEqual(
      [],
    );
  });
});
