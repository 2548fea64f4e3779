/**
 * The texts of the consent receipt's /verify island (verify-receipt-island.ts): an i18next instance of its own with
 * the two namespaces the verifier page uses (common, verifier), in English only, so the island
 * does not load every namespace of every bundled language (lib/i18n.ts). The island runs only for
 * a visitor who sees English (src/public-start.ts starts the whole app otherwise); its options
 * are lib/i18n.ts's. The app, once started, uses lib/i18n.ts.
 */
import { createInstance } from 'i18next';
import enCommon from '@/locales/en/common.json';
import enVerifier from '@/locales/en/verifier.json';

export const islandTexts = createInstance({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { common: enCommon, verifier: enVerifier } },
  ns: ['common', 'verifier'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
void islandTexts.init();
