/**
 * What every service needs from the running app: the database, the vault (encryption and keyed
 * hashes), the clock, the issuers' keys and the proof crypto. Services take it spread into their one options object
 * (STYLE principle 3), e.g. `listCredentials({ ...app.deps, userId })`.
 */
import type { ProofCrypto } from '@pehchaan/core';
import type { Db } from '../db/create-db';
import type { IssuerKeyring } from './issuer-keys';
import type { Vault } from './vault';

export interface ServiceDeps {
  db: Db;
  vault: Vault;
  /** The app's clock (AppConfig.now); every stored instant comes from it. */
  now: () => Date;
  /** The issuers' signing keys; `issuers.trustedIssuers` is the trusted-issuer list. */
  issuers: IssuerKeyring;
  /** SHA-256 and Ed25519 for core's verifyCredential (node:crypto, src/lib/issuer-keys.ts). */
  proofCrypto: ProofCrypto;
  /** AppConfig.publicOrigin ('http://localhost:5000'): base of share links and `vct` URLs. */
  publicOrigin: string;
}
