/**
 * What every service needs from the running app: the database, the vault (encryption and keyed
 * hashes), the clock, the issuers' keys and the proof crypto. Services take it spread into their one options object
 * (STYLE principle 3), e.g. `listCredentials({ ...app.deps, userId })`.
 */
import type { ProofCrypto } from '@pehchaan/core';
import type { Db } from '../db/create-db';
import type { ConsentRegistryKey, IssuerKeyring } from './issuer-keys';
import type { Notifier } from './notifier';
import type { OwnOriginFetch } from './oid4vci/issuer-http';
import type { RolePorts } from './roles';
import type { Vault } from './vault';

export interface ServiceDeps {
  db: Db;
  vault: Vault;
  /** The app's clock (AppConfig.now); every stored instant comes from it. */
  now: () => Date;
  /**
   * The product's issuers' signing keys. Whom verification trusts is the trust list's
   * (lib/trust-list.ts `loadTrustList(deps)`), seeded with these issuers.
   */
  issuers: IssuerKeyring;
  /**
   * The wallet's consent registry key (issue 17): signs consent receipts. Not an identity
   * issuer: never on the trust list.
   */
  consentRegistry: ConsentRegistryKey;
  /** SHA-256 and Ed25519 for core's verifyCredential (node:crypto, src/lib/issuer-keys.ts). */
  proofCrypto: ProofCrypto;
  /** AppConfig.publicOrigin ('http://localhost:5000'): base of share links and `vct` URLs. */
  publicOrigin: string;
  /**
   * The OpenID4VP wallet may reach verifiers on 127.0.0.0/8 or ::1, over http too (docs/oid4vp.md
   * "request_uri rules and SSRF limits"): AppConfig.oid4vpAllowLoopback (OID4VP_ALLOW_LOOPBACK)
   * alone, whatever HOST is. This server's own verifier is reached in process regardless.
   */
  oid4vpAllowLoopback: boolean;
  /**
   * The OpenID4VCI wallet may reach credential issuers on 127.0.0.0/8 or ::1, over http too
   * (docs/oid4vci.md): AppConfig.oid4vciAllowLoopback (OID4VCI_ALLOW_LOOPBACK), for tests and
   * local demos. Private ranges are never allowed.
   */
  oid4vciAllowLoopback: boolean;
  /**
   * Answers a request to this server's own PUBLIC_ORIGIN in process (set by src/app.ts once the
   * routes are registered, with app.inject): the wallet reaches the product's own OpenID4VCI
   * issuers this way, so `npm start` needs no OID4VCI_ALLOW_LOOPBACK. Absent: over the network.
   */
  ownOriginFetch?: OwnOriginFetch;
  /**
   * The e-mail and SMS senders of the holders' notices (lib/notifier.ts), from SMTP_URL and
   * SMS_WEBHOOK_URL; none configured: nothing is sent and those switches stay off.
   */
  notifier: Notifier;
  /**
   * The registered verifier organisations (issue 16, DECISIONS 7): absent means none is
   * registered, so every verifier is shown as not verified. The seam the verifier registry plugs
   * into; see VerifierRegistry.
   */
  verifierRegistry?: VerifierRegistry;
  /**
   * What one role asks of another (lib/roles.ts), connected by src/compose.ts: a role's use case
   * never imports another role's.
   */
  roles: RolePorts;
}

/**
 * Looks up a registered verifier organisation (a data fiduciary) by its did:key DID.
 * `find(did)` answers undefined for a DID no organisation registered; otherwise its name, and
 * when known the purpose text of its request, how many days it keeps the data and its
 * grievance contact (DPDP Act s.8(10)). Must not throw for an unknown DID.
 */
export interface VerifierRegistry {
  find(did: string): Promise<RegisteredVerifier | undefined>;
}

/** What the consent screen shows of a registered verifier (VerifierRegistry.find). */
export interface RegisteredVerifier {
  name: string;
  grievanceContact?: string;
  /**
   * Its registered purposes (DPDP Act s.5, s.6(1)): the request names one by the `purpose_code`
   * of its signed client_metadata; the screen shows that purpose's text and retention.
   */
  purposes?: readonly RegisteredPurpose[];
}

/** One registered purpose of a verifier organisation (table verifier_purposes). */
export interface RegisteredPurpose {
  code: string;
  /** The purpose as the holder reads it, in English. */
  text: string;
  /** How many days the verifier keeps what it receives. */
  retentionDays: number;
  /**
   * Claim name -> why the purpose needs it, in English and Hindi; a claim missing here has no
   * stated reason. Absent: none registered.
   */
  claimReasons?: Readonly<Record<string, { en: string; hi: string }>>;
}
