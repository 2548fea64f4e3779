/**
 * The `info` namespace (English and Hindi texts of the six information pages of SPEC 2), added
 * when this module loads so that the texts travel in the pages' own chunk, not the first download.
 * Every page component takes its `t` from `useTranslation(INFO_NS)`.
 */

import { registerNamespace } from '@/lib/i18n';
import enInfo from '@/locales/en/info.json';
import hiInfo from '@/locales/hi/info.json';

export const INFO_NS = 'info' as const;

registerNamespace(INFO_NS, { en: enInfo, hi: hiInfo });
