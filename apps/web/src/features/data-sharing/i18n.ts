/**
 * The `dataSharing` namespace (English and Hindi texts of "Who has my data", issue 17).
 * Registered when this module loads, so the texts travel in that route's chunk. Every component
 * of this feature imports this module.
 */
import { registerNamespace } from '@/lib/i18n';
import en from '@/locales/en/data-sharing.json';
import hi from '@/locales/hi/data-sharing.json';

export const DATA_SHARING_NAMESPACE = 'dataSharing';

registerNamespace(DATA_SHARING_NAMESPACE, { en, hi });
