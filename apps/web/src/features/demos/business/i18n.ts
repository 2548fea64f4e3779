/**
 * The `businessDemo` namespace (English and Hindi texts of the business portal demo, SPEC 2, 4,
 * 9). Registered when this module loads, so the texts travel in the /business-dashboard route's
 * chunk. Every component of this feature imports this module.
 */
import { registerNamespace } from '@/lib/i18n';
import en from '@/locales/en/business-demo.json';
import hi from '@/locales/hi/business-demo.json';

export const BUSINESS_NAMESPACE = 'businessDemo';

registerNamespace(BUSINESS_NAMESPACE, { en, hi });
