/**
 * The `profile` namespace (English and Hindi texts of the /profile screen). Registered when this
 * module loads, so the texts travel in the profile route's chunk. Every component of this feature
 * imports this module.
 */
import { registerNamespace } from '@/lib/i18n';
import en from '@/locales/en/profile.json';
import hi from '@/locales/hi/profile.json';

export const PROFILE_NAMESPACE = 'profile';

registerNamespace(PROFILE_NAMESPACE, { en, hi });
