/**
 * The texts of the /verify/{id} island (verify-island.ts), without i18next: the island runs only
 * for a visitor who sees English (src/public-start.ts starts the whole app for any other
 * language, ADR 0010), so it needs the English `verifier` and `common` namespaces and the two
 * things of i18next its texts use: nested keys ('check.signature') and `{{name}}` interpolation.
 * A missing key reads as the key, as with i18next. The app, once started, uses lib/i18n.ts.
 */
import enCommon from '@/locales/en/common.json';
import enVerifier from '@/locales/en/verifier.json';

type Texts = { [key: string]: string | Texts };

const NAMESPACES: Record<'common' | 'verifier', Texts> = {
  common: enCommon as Texts,
  verifier: enVerifier as Texts,
};

/**
 * The English text of `key` (dot-separated) in namespace `ns`, with each `{{name}}` replaced by
 * `values[name]` (i18next's interpolation, not escaped: the island writes text nodes only).
 */
export function islandText(
  key: string,
  values: Record<string, string | number> = {},
  ns: keyof typeof NAMESPACES = 'verifier',
): string {
  let found: string | Texts | undefined = NAMESPACES[ns];
  for (const part of key.split('.')) {
    found = typeof found === 'object' ? found[part] : undefined;
  }
  if (typeof found !== 'string') return key;
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
