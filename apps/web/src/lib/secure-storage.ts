/**
 * The app's one encrypted vault (lib/secure-vault.ts) for the session keys of lib/storage.ts.
 * Kept in its own module so the unit tests can replace it (src/testing/setup.ts); nothing else
 * should import it: use lib/storage.ts.
 */
import { createSecureVault } from './secure-vault';

export const sessionVault = createSecureVault();
