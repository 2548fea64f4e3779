/**
 * The `walletDemo` namespace (English and Hindi texts of the /digital-wallet demo, SPEC 2, 3, 4).
 * Registered when this module loads, so the texts travel in the demo route's chunk and not in the
 * first download of every page. Every component of this feature imports this module.
 */
import { registerNamespace } from '@/lib/i18n';
import en from '@/locales/en/wallet-demo.json';
import hi from '@/locales/hi/wallet-demo.json';

export const WALLET_NAMESPACE = 'walletDemo';

registerNamespace(WALLET_NAMESPACE, { en, hi });
