/**
 * What one role of the server may ask of another (docs/ARCHITECTURE.md "Rooms by role"; STYLE
 * 14): the use cases of the holder's wallet, the consent ledger, the verifier, the issuer,
 * accounts and the platform never import each other. Where a role's work needs another's (the
 * wallet approving a request must hand a presentation to a verifier; a withdrawal must stop the
 * share links made under the consent), it calls the port below, which src/compose.ts, the
 * composition root, connects to the other role's use case. Each port is named by what the
 * caller needs, not by who answers it, so a role can be replaced (a verifier elsewhere on the
 * network answers the same `deliver` as the product-hosted one).
 *
 * Every function that takes `db` runs in the caller's transaction when handed one.
 */
import type {
  ConsentRequest,
  DcqlQuery,
  DocumentTypeKey,
  ExportedCredentialSdJwt,
  ExportedReceivedCredential,
  IssuerName,
} from '@pehchaan/core';
import type { DbOrTx } from '../db/create-db';
import type { CheckedReceivedCredential } from './received-backup';

/** What the wallet does for the other roles. */
export interface WalletPort {
  /**
   * The holder's SD-JWT VC presentation of their credential of `documentType`, or of the
   * credential they received over OpenID4VCI with id `receivedCredentialId`: only the `disclose`
   * claims, with a KB-JWT of `nonce` and `audience` (SD-JWT VC, RFC 9901 key binding) by the key
   * the credential is bound to.
   * @throws AppError credential_not_found (the holder has none), unknown_claim.
   */
  presentCredential(
    options: {
      userId: string;
      disclose: readonly string[];
      nonce: string;
      audience: string;
    } & ({ documentType: DocumentTypeKey } | { receivedCredentialId: string }),
  ): Promise<string>;
  /**
   * Stores again the credentials of a backup's signed W3C documents the holder lacks (each must
   * verify and be the holder's, else AppError backup_invalid and nothing is stored), and the
   * received credentials `checkReceivedCredentials` checked.
   * @returns how many were restored and how many skipped (a type the holder holds now).
   */
  restoreCredentials(
    db: DbOrTx,
    options: {
      userId: string;
      documents: readonly Record<string, unknown>[];
      received?: readonly CheckedReceivedCredential[];
      /** Document `id` -> its SD-JWT VC as issued, as `checkCardSdJwts` answered. */
      sdJwts?: ReadonlyMap<string, string>;
    },
  ): Promise<{ restored: number; skipped: number }>;
  /**
   * Checks again, before any transaction (a URL issuer's keys may be fetched), the SD-JWT VCs a
   * backup carries beside its cards' documents (export version 3): signature by the document's
   * issuer, `vct` of its type, `cnf` one of this holder's keys, the document's claims.
   * @returns document `id` -> the SD-JWT as carried.
   * @throws AppError backup_invalid, issuer_unreachable, issuer_address_refused,
   *   issuer_metadata_invalid.
   */
  checkCardSdJwts(options: {
    userId: string;
    documents: readonly Record<string, unknown>[];
    sdJwts: readonly ExportedCredentialSdJwt[];
  }): Promise<Map<string, string>>;
  /**
   * Checks again, before any transaction (it may ask the issuers for their keys), the
   * credentials a backup holds that were received from issuers: signature, binding to this
   * holder, issuer. @returns those to store, and how many were left out (pending ones).
   * @throws AppError backup_invalid, issuer_unreachable, issuer_address_refused,
   *   issuer_metadata_invalid.
   */
  checkReceivedCredentials(options: {
    userId: string;
    received: readonly ExportedReceivedCredential[];
  }): Promise<{ checked: CheckedReceivedCredential[]; leftOut: number }>;
  /** Makes sure the holder has the permanent Basic Identity credential (SPEC 4). */
  ensureBasicIdentity(options: { userId: string }): Promise<void>;
  /**
   * Withdraws at `at` every open share link made under the consent (DECISIONS 7: ending a
   * consent ends its links). @returns how many links were withdrawn.
   */
  withdrawSharesOfConsent(
    db: DbOrTx,
    options: { consentRequestId: string; at: Date },
  ): Promise<number>;
}

/** Why a verifier's received claims are erased. */
export type ClaimsErasureReason = 'withdrawn' | 'consent_expired';

/**
 * The in-process transport to this server's own response endpoint (VerifierPort.localTransport):
 * `fetch` delivers the form, `refusal()` is the problem code it answered with, if any, and
 * `accepted()` (when given) what it accepted: the request's verifier (id, did, grievance
 * contact), the request's id and purpose code, and the SHA-256 (hex) of the `vp_token` form value
 * it stored. undefined until a presentation was accepted.
 */
export interface LocalDelivery {
  fetch: typeof fetch;
  refusal: () => string | undefined;
  accepted?: () =>
    | {
        verifier: { id: string; did: string; grievanceContact: string | null };
        requestId: string;
        purposeCode: string;
        vpTokenSha256: string;
      }
    | undefined;
}

/** What a product-hosted verifier does for the other roles. */
export interface VerifierPort {
  /**
   * An in-process transport to this server's own OpenID4VP response endpoint, when
   * `responseUri` is one of its `/oid4vp/responses/{id}` URLs: a `fetch` that hands the exact
   * form the network would carry to the verifier's response use case and answers as its route
   * would (200 `{}` or the problem); `refusal()` is the problem code it answered with, if any,
   * `accepted()` the presentation it accepted (LocalDelivery).
   * undefined for any other verifier (the network is used).
   */
  localTransport(responseUri: string): LocalDelivery | undefined;
  /**
   * The request-object twin of localTransport: when `requestUri` is one of this server's own
   * `{PUBLIC_ORIGIN}/oid4vp/requests/{id}` URLs, a `fetch` that takes the GET (or the
   * request_uri_method=post form) the network would carry and answers as its route would (200
   * with the signed request object, or the problem), so the wallet checks the very bytes it
   * would have fetched, with no loopback fetching allowed. undefined for any other URI.
   */
  localRequestObject(requestUri: string): typeof fetch | undefined;
  /**
   * The consent a presentation was given under ended: the product-hosted verifier erases the
   * claims it holds from the presentation whose `vp_token` has SHA-256 `vpTokenSha256` (DPDP Act
   * s.8(7)(a)): claims gone, `erased_at` set, the request reading 'withdrawn' or
   * 'consent_expired'.
   * @returns when they were erased; null when none were held here (an outside verifier, or
   * already erased).
   */
  eraseClaimsOfEndedConsent(
    db: DbOrTx,
    options: { vpTokenSha256: string; reason: ClaimsErasureReason; at: Date },
  ): Promise<Date | null>;
  /**
   * A new authorization request of a registered verifier for one of its purposes, as the
   * verifier API makes it: its id and its signed request object (compact JWS).
   */
  createRequest(options: {
    verifierId: string;
    purpose: string;
    dcqlQuery: DcqlQuery;
    ttlMs: number;
  }): Promise<{ id: string; requestObject: string }>;
  /** Ends the pending requests `ids` now (a seeded request replaced by Reset Requests). */
  closeRequests(db: DbOrTx, options: { ids: readonly string[]; at: Date }): Promise<void>;
}

/** What the consent ledger does for the other roles. */
export interface ConsentPort {
  /** Runs the consent clock for one holder (expiries and reminders), consent/expire-consents. */
  runClock(options: { userId: string }): Promise<void>;
  /** The holder's consent requests as their screens show them, after the clock ran (newest first). */
  listRequests(options: { userId: string }): Promise<ConsentRequest[]>;
  /**
   * Counts one use of an approved consent at `at` (a share link made under it was opened).
   * Nothing happens when it is no longer approved.
   */
  recordUse(db: DbOrTx, options: { consentRequestId: string; at: Date }): Promise<void>;
  /** SPEC 4 seen-state: stamps every consent request of the holder viewed at `at`. */
  stampSeen(db: DbOrTx, options: { userId: string; at: Date }): Promise<void>;
  /**
   * Receives the consent requests SPEC 3 seeds for `userId` (user-001 only) that they lack: a
   * sample user seeded again after an erasure gets them back.
   */
  seedRequests(db: DbOrTx, options: { userId: string }): Promise<void>;
}

/** What the product's issuers do for the other roles. */
export interface IssuerPort {
  /**
   * A credential offer of one of the product's issuer organisations (OpenID4VCI 1.0 section 4.1,
   * pre-authorized code, no transaction code), as POST /issuer/offers makes it: `issuer` offers
   * `claims` (`name` and the subject fields of `documentType`, a catalogue key) in `formats`
   * (default both, 'dc+sd-jwt' and 'ldp_vc'). The wallet's Add Credentials (SPEC 5, DECISIONS
   * 8) receives it over the protocol like any wallet would.
   * @returns the offer link `openid-credential-offer://?credential_offer_uri=...`.
   * @throws AppError invalid_input, forbidden (a type `issuer` does not issue),
   *   credential_not_issuable (claims that do not fit the type).
   */
  offerCredential(options: {
    issuer: IssuerName;
    documentType: DocumentTypeKey;
    claims: Record<string, unknown>;
    formats?: readonly ('dc+sd-jwt' | 'ldp_vc')[];
  }): Promise<{ offer: string }>;
}

/** The ports of every role, on ServiceDeps.roles. */
export interface RolePorts {
  wallet: WalletPort;
  verifier: VerifierPort;
  consent: ConsentPort;
  issuer: IssuerPort;
}
