/**
 * The `marketplaceDemo` namespace (English and Hindi texts of the /longterm data marketplace
 * mock-up, SPEC 2, 3, 4, 9). Registered when this module loads, so the texts travel in the
 * route's chunk and not in the first download of every page. Every component of this feature
 * imports this module.
 */
import { registerNamespace } from '@/lib/i18n';
import en from '@/locales/en/marketplace-demo.json';
import hi from '@/locales/hi/marketplace-demo.json';

export const MARKETPLACE_NAMESPACE = 'marketplaceDemo';

registerNamespace(MARKETPLACE_NAMESPACE, { en, hi });
