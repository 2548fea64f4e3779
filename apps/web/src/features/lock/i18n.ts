/**
 * The `lock` namespace (English and Hindi texts of the lock screen). Registered when this module
 * loads; every component of this feature imports it.
 */
import { registerNamespace } from '@/lib/i18n';
import en from '@/locales/en/lock.json';
import hi from '@/locales/hi/lock.json';

registerNamespace('lock', { en, hi });
