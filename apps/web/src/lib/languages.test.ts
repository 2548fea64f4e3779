import { LANGUAGE_REGISTRY } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import { endonymOf, englishNameOf, languageNameIn } from './languages';

describe('language names', () => {
  it("are each language's own name, from core's registry", () => {
    expect(endonymOf('hi')).toBe('हिंदी');
    expect(endonymOf('ur-IN')).toBe('اردو');
    expect(endonymOf('xx')).toBe('xx');
    expect(englishNameOf('bn')).toBe('Bengali');
  });

  it('are written in the UI language beside the endonym, English ones from the registry', () => {
    expect(languageNameIn('mr', 'en')).toBe('Marathi');
    expect(languageNameIn('bn', 'en')).toBe('Bengali');
    expect(languageNameIn('en', 'hi')).toBe('अंग्रेज़ी');
    expect(languageNameIn('ta', 'fr')).toBe('tamoul');
  });

  it("name Manipuri's Bengali script after the language, without brackets in brackets", () => {
    expect(endonymOf('mni-Beng')).toBe('মৈতৈলোন্ (বাংলা)');
    expect(endonymOf('mni')).toBe('ꯃꯩꯇꯩꯂꯣꯟ');
    expect(languageNameIn('mni-Beng', 'en')).toBe('Manipuri, Bengali script');
    expect(languageNameIn('mni-Beng', 'hi')).toBe('मणिपुरी, बांग्ला');
    expect(languageNameIn('mni', 'hi')).toBe('मणिपुरी');
  });
});

describe('the page before the app (index.html inline script)', () => {
  it('marks <html lang> with every offered language but English, mni-Beng too', () => {
    const source = indexHtml.match(/if \((\/\^\(\?!en\$\).*?\$\/)\.test\(language\)\)/)?.[1];
    const pattern = new RegExp(source?.slice(1, -1) ?? '^$');
    for (const entry of LANGUAGE_REGISTRY.filter((e) => e.offered)) {
      expect(pattern.test(entry.code), entry.code).toBe(entry.code !== 'en');
    }
    expect(pattern.test('<script>')).toBe(false);
  });

  it("sets dir=rtl for exactly the registry's right-to-left languages", () => {
    const rtl = indexHtml.match(
      /\/\^\(([a-z|]+)\)\$\/\.test\(language\)\) document\.documentElement\.dir/,
    )?.[1];
    expect(rtl?.split('|').sort()).toEqual(
      LANGUAGE_REGISTRY.filter((entry) => entry.dir === 'rtl')
        .map((entry) => entry.code)
        .sort(),
    );
  });
});
