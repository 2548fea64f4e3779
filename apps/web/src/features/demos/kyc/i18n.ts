/**
 * The `kycDemo` namespace (English and Hindi texts of the bank KYC demo, SPEC 2, 4, 5).
 * Registered when this module loads, so the texts travel in the /kyc-demo route's chunk. Every
 * component of this feature imports this module.
 */
import { registerNamespace } from '@/lib/i18n';
import en from '@/locales/en/kyc-demo.json';
import hi from '@/locales/hi/kyc-demo.json';

export const KYC_NAMESPACE = 'kycDemo';

registerNamespace(KYC_NAMESPACE, { en, hi });
