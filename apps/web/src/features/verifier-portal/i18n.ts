/**
 * The `verifierPortal` namespace (English and Hindi texts of /verifier, issue 16). Registered when
 * this module loads, so the texts travel in the portal's chunk. Every component of this feature
 * imports this module.
 */
import { registerNamespace } from '@/lib/i18n';
import en from '@/locales/en/verifier-portal.json';
import hi from '@/locales/hi/verifier-portal.json';

export const VERIFIER_PORTAL_NAMESPACE = 'verifierPortal';

registerNamespace(VERIFIER_PORTAL_NAMESPACE, { en, hi });
