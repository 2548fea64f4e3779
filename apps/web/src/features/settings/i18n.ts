/**
 * The `settings` namespace (English and Hindi texts of the /settings screen). Registered when this
 * module loads, so the texts travel in the settings route's chunk. Every component of this
 * feature imports this module.
 */
import { registerNamespace } from '@/lib/i18n';
import en from '@/locales/en/settings.json';
import hi from '@/locales/hi/settings.json';

export const SETTINGS_NAMESPACE = 'settings';

registerNamespace(SETTINGS_NAMESPACE, { en, hi });
