/**
 * The `landing` namespace (English and Hindi texts of the landing page, SPEC 1 and 2). Registered
 * when this module loads, so the texts travel in the landing route's chunk and not in the first
 * download of every page. Every component of this feature imports this module.
 */
import { registerNamespace } from '@/lib/i18n';
import en from '@/locales/en/landing.json';
import hi from '@/locales/hi/landing.json';

export const LANDING_NAMESPACE = 'landing';

registerNamespace(LANDING_NAMESPACE, { en, hi });
