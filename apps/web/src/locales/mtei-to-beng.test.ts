/**
 * Manipuri in Bengali script (locales/mni-Beng/) is the Meetei Mayek texts (locales/mni/)
 * transliterated by scripts/mtei-to-beng.ts (docs/i18n.md "Manipuri in Bengali script"): the
 * converter's correspondences, and the files kept in step with it.
 */
import { describe, expect, it } from 'vitest';
import { convertTree, mteiToBeng } from '../../scripts/mtei-to-beng';

type Tree = Parameters<typeof convertTree>[0];
const meetei = import.meta.glob<Tree>('./mni/*.json', { eager: true, import: 'default' });
const bengali = import.meta.glob<Tree>('./mni-Beng/*.json', { eager: true, import: 'default' });

describe('mteiToBeng', () => {
  it('writes each letter, vowel sign and lonsum with its Bengali letter', () => {
    // Meiteilon, the language's name; khangnaba "to know"; ayaaba "consent".
    expect(mteiToBeng('ꯃꯩꯇꯩꯂꯣꯟ')).toBe('মৈতৈলোন্');
    expect(mteiToBeng('ꯑꯌꯥꯕ')).toBe('অয়াবা');
    expect(mteiToBeng('ꯈꯪꯅꯕ')).toBe('খংনবা');
    // Independent vowels: ꯑ with a sign, ꯏ, ꯎ.
    expect(mteiToBeng('ꯑꯥꯙꯥꯔ ꯑꯦꯞ ꯑꯣꯏꯕ ꯑꯩꯒꯤ ꯑꯧ ꯎ')).toBe('আধার এপ্ ওইবা ঐগি ঔ উ');
    // Lonsum t is khanda ta; a lonsum before a consonant joins its conjunct (chatpa "to go").
    expect(mteiToBeng('ꯆꯠꯄ ꯂꯝꯕꯤ')).toBe('চৎপা লম্বি');
    // Apun iyek is the hasanta: kredenshiyel, myunisipel (ya-phala).
    expect(mteiToBeng('ꯀ꯭ꯔꯦꯗꯦꯟꯁꯤꯌꯦꯜ ꯃ꯭ꯌꯨꯅꯤꯁꯤꯄꯦꯜ')).toBe('ক্রেদেন্সিয়েল্ ম্যুনিসিপেল্');
  });

  it('keeps placeholders, tags, Latin runs and punctuation, and writes the dari and digits', () => {
    expect(mteiToBeng('{{count}} ꯒꯤ <strong>ꯑꯌꯥꯕ</strong> SD-JWT꯫ ꯱꯲')).toBe(
      '{{count}} গি <strong>অয়াবা</strong> SD-JWT। ১২',
    );
    expect(mteiToBeng('')).toBe('');
  });

  it('writes the nominaliser -ba/-pa at a word end only', () => {
    expect(mteiToBeng('ꯂꯩꯕ ꯂꯩꯕꯤ ꯄꯤꯕ')).toBe('লৈবা লৈবি পিবা');
    // A one-letter word is left as it is.
    expect(mteiToBeng('ꯕ')).toBe('ব');
  });

  it('converts every string of a tree and keeps its keys', () => {
    expect(convertTree({ a: 'ꯑꯌꯥꯕ', b: { c: '{{n}}' } })).toEqual({
      a: 'অয়াবা',
      b: { c: '{{n}}' },
    });
  });
});

describe('locales/mni-Beng', () => {
  const files = Object.keys(meetei).map((path) => path.slice('./mni/'.length));

  it('has the files of locales/mni/', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(Object.keys(bengali).map((path) => path.slice('./mni-Beng/'.length))).toEqual(files);
  });

  it.each(files)('%s is locales/mni/ written in Bengali script', (file) => {
    const texts = bengali[`./mni-Beng/${file}`];
    expect(texts).toEqual(convertTree(meetei[`./mni/${file}`] as Tree));
    expect(JSON.stringify(texts)).not.toMatch(/\p{Script=Meetei_Mayek}/u);
  });
});
