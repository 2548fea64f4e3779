/**
 * POST /user/{userId}/credential-offers/{id}/accept (OpenID4VCI 1.0, pre-authorized code flow;
 * core api/credential-offers.ts; DECISIONS 9.1): the holder accepts an offer they received. Runs
 * the exchange with the issuer over the SSRF-safe client (lib/oid4vci/exchange.ts):
 * 1. SPEC 5 first, before the one-time code is spent: an offered SD-JWT VC whose `vct` is one of
 *    the SPEC's ten types (lib/received-records.ts documentTypeOfVct) the holder already has is
 *    refused with credential_exists.
 * 2. The Token Request with the pre-authorized code and the holder's transaction code (the
 *    authorization code grant obtains its token in complete-credential-offer-authorization.ts
 *    and runs the other steps here: receiveOfferedCredentials).
 * 3. For each offered configuration, by lib/oid4vci/receive-configurations.ts (the runner Add
 *    Credentials uses too): a fresh c_nonce (Nonce Endpoint, else the token answer's), a `jwt`
 *    proof signed by the holder's Ed25519 key (EdDSA), or by their P-256 key (ES256) when the
 *    configuration takes ES256 only, the Credential Request (with the Token Response's
 *    credential_identifier when given); an `invalid_nonce` answer is retried once with a new nonce.
 * 4. Each credential is checked (lib/oid4vci/verify-issued-sd-jwt.ts: size, signature by the
 *    issuer's key, iss, vct, cnf = the proved key, dates, disclosures; verify-issued-ldp-vc.ts
 *    for ldp_vc); of several in one
 *    Credential Response, copies of one credential are kept once and different ones each
 *    (lib/oid4vci/credential-instances.ts; two different ones of a SPEC type are refused); then, in one
 *    transaction, SPEC 5 again, every credential stored (its issued form byte for byte,
 *    vault-encrypted), a `credential_received` activity entry each, and the offer dropped.
 * 5. The issuer's Notification Endpoint is told `credential_accepted` (best effort).
 * A deferred answer (`transaction_id`) is stored as a pending credential (state 'pending').
 * Any failure leaves the offer as it was and stores nothing (when a credential fails a check the
 * issuer is told `credential_failure`).
 *
 * Input: { ...deps, userId, offerId, txCode?, fetchOptions? (tests) }.
 * Output: the stored credentials as screen records (masked as the list shows them).
 * Errors (AppError): offer_not_found (404), offer_expired (410: past the wallet's keeping, or the
 * issuer refused the code and no longer serves the offer at its credential_offer_uri: expired,
 * used, or ended by wrong codes), tx_code_invalid (400: missing or wrong transaction code), credential_exists (409, SPEC 5's text), offer_used (409: the
 * issuer no longer honours the code), credential_rejected / credential_too_large (422),
 * issuer_address_refused (422), issuer_refused / issuer_unreachable (502).
 */
import {
  type CredentialRecord,
  type DocumentTypeKey,
  getDocumentType,
  MESSAGES,
  maskCredentialSubject,
} from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { type CredentialOfferRow, credentialOffers, receivedCredentials } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { loadHolderKeyOf } from '../lib/holder-keys';
import { getSettings } from '../lib/holder-settings';
import { newCredentialId } from '../lib/ids';
import { credentialsOfResponse } from '../lib/oid4vci/credential-instances';
import { notifyIssuer, requestAccessToken } from '../lib/oid4vci/exchange';
import { type IssuerHttpOptions, issuerHttpOf } from '../lib/oid4vci/issuer-http';
import { trustedIssuerName } from '../lib/oid4vci/issuer-trust';
import {
  type CredentialConfiguration,
  configurationClaims,
  configurationName,
  PRE_AUTHORIZED_GRANT,
} from '../lib/oid4vci/offer';
import { issuerOf, type StoredOfferState } from '../lib/oid4vci/offer-view';
import { receiveConfigurations } from '../lib/oid4vci/receive-configurations';
import {
  documentTypeOfConfiguration,
  pairSpecCards,
  plannedConfigurations,
} from '../lib/oid4vci/receiving-plan';
import type { VerifiedIssuedLdpVc } from '../lib/oid4vci/verify-issued-ldp-vc';
import type { VerifiedIssuedSdJwt } from '../lib/oid4vci/verify-issued-sd-jwt';
import type { SafeFetchOptions } from '../lib/oid4vp/safe-fetch';
import {
  credentialReceivedEntry,
  documentTypeOfVct,
  holdsDocumentType,
  type ReceivedExchange,
  receivedCredentialAad,
  receivedExchangeAad,
  toReceivedCredentialRecord,
} from '../lib/received-records';
import { loadTrustList, type TrustList } from '../lib/trust-list';
import { loadCredentialOffer } from './get-credential-offer';
import { proofAlgFor } from './receive-credential-offer';
import { isSpecCard, storeSpecCard } from './store-received-document';

export interface AcceptCredentialOfferOptions extends ServiceDeps {
  userId: string;
  offerId: string;
  /** The transaction code the holder typed. */
  txCode?: string | undefined;
  /** Tests only: resolver, CA or limits for the issuer requests. */
  fetchOptions?: Omit<SafeFetchOptions, 'allowLoopback'>;
}

/** One credential the exchange produced, checked, ready to store. */
interface Received {
  id: string;
  configurationId: string;
  format: string;
  documentType: DocumentTypeKey | undefined;
  display: { issuer_name: string; name: string; claim_labels: Record<string, string> };
  issued: string | undefined;
  verified: VerifiedIssuedSdJwt | undefined;
  exchange: ReceivedExchange;
  /** A deferred credential's offered vct (the issued one's is in `verified`). */
  vct?: string | undefined;
  /** Set for a checked ldp_vc (then `verified` is undefined). */
  ldpVc?: VerifiedIssuedLdpVc | undefined;
}

/** PostgreSQL's unique_violation, as node-postgres or PGlite report it (maybe wrapped). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && e.code === '23505') return true;
  }
  return false;
}

/**
 * The credentials of one Credential Response the wallet keeps (lib/oid4vci/credential-instances.ts:
 * copies of one credential are one; different ones each kept; two different ones of a SPEC type
 * refused, the issuer told by `failed`).
 * @throws AppError credential_rejected.
 */
async function keptInstances(
  instances: Received[],
  failed: () => Promise<void>,
): Promise<Received[]> {
  try {
    return credentialsOfResponse(instances, {
      claimsOf: (instance) =>
        instance.ldpVc ? instance.ldpVc.document.credentialSubject : instance.verified?.claims,
      documentTypeOf: (instance) => instance.documentType,
    });
  } catch (error) {
    await failed();
    throw error;
  }
}

function credentialExists(documentType: DocumentTypeKey): AppError {
  return new AppError(
    'credential_exists',
    MESSAGES.duplicateDocument(getDocumentType(documentType)?.name ?? documentType),
  );
}

export async function acceptCredentialOffer(
  options: AcceptCredentialOfferOptions,
): Promise<CredentialRecord[]> {
  const loaded = await loadCredentialOffer(options);
  const grant = loaded.state.offer.grants?.[PRE_AUTHORIZED_GRANT];
  if (!grant) {
    throw new AppError('invalid_credential_offer', 'This offer has no code Pehchaan can use.');
  }
  if (grant.tx_code !== undefined && options.txCode === undefined) {
    throw new AppError(
      'tx_code_invalid',
      'This offer needs the code the issuer sent you (by SMS or e-mail). Type it to continue.',
    );
  }
  return receiveOfferedCredentials(options, loaded, (http) =>
    requestAccessToken({
      tokenEndpoint: loaded.state.authorizationServer.token_endpoint,
      preAuthorizedCode: grant['pre-authorized_code'],
      txCode: grant.tx_code ? options.txCode : undefined,
      offerUri: loaded.state.offerUri,
      http,
    }),
  );
}

/** The access token of an exchange, however the grant obtained it. */
export interface OfferAccessToken {
  accessToken: string;
  /** An older issuer's c_nonce in the token answer. */
  cNonce: string | undefined;
  /** configuration id -> the Token Response's credential identifiers (OpenID4VCI 1.0 6.2). */
  credentialIdentifiers?: Record<string, string[]> | undefined;
}

/**
 * The configurations of a stored offer the wallet will receive, checked before any code is spent
 * (step 1 above): each described by the metadata, not ldp_vc only, SPEC 5.
 * @throws AppError invalid_credential_offer, credential_rejected, credential_exists.
 */
export async function receivableOfferConfigurations(
  options: ServiceDeps & { userId: string },
  state: StoredOfferState,
  preloadedTrustList?: TrustList,
): Promise<{ id: string; configuration: CredentialConfiguration }[]> {
  const { db, userId } = options;
  const { offer, metadata } = state;
  const offered = offer.credential_configuration_ids.map((id) => {
    const configuration = metadata.credential_configurations_supported[id];
    if (!configuration) {
      throw new AppError('invalid_credential_offer', `The issuer does not describe "${id}".`);
    }
    return { id, configuration };
  });
  // Read before any transaction: PGlite has one connection, which a transaction holds.
  const trustList = preloadedTrustList ?? (await loadTrustList(options));
  // lib/oid4vci/receiving-plan.ts: SD-JWT VCs, ldp_vc when that is all, and the ldp_vc sibling
  // of a SPEC type from an issuer trusted for it (both become one SPEC card).
  const configurations = plannedConfigurations(offered, {
    publicOrigin: options.publicOrigin,
    credentialIssuer: offer.credential_issuer,
    trustList,
  });
  for (const { configuration } of configurations) {
    const type = documentTypeOfConfiguration(options.publicOrigin, configuration);
    if (type && (await holdsDocumentType(db, userId, type))) throw credentialExists(type);
  }
  return configurations;
}

/**
 * Steps 1 and 3 to 5 above for a loaded offer, with the access token `obtainToken` gets (step 2:
 * the pre-authorized code here, the authorization code in
 * complete-credential-offer-authorization.ts). Throws as acceptCredentialOffer.
 */
export async function receiveOfferedCredentials(
  options: ServiceDeps & {
    userId: string;
    fetchOptions?: Omit<SafeFetchOptions, 'allowLoopback'> | undefined;
  },
  loaded: { row: CredentialOfferRow; state: StoredOfferState },
  obtainToken: (http: IssuerHttpOptions) => Promise<OfferAccessToken>,
): Promise<CredentialRecord[]> {
  const { db, vault, userId } = options;
  const http: IssuerHttpOptions = issuerHttpOf(options, options.fetchOptions);
  const { row: offerRow, state } = loaded;
  const { offer, metadata } = state;
  // Read before any transaction: PGlite has one connection, which a transaction holds.
  const trustList = await loadTrustList(options);
  const configurations = await receivableOfferConfigurations(options, state, trustList);

  // 2. The token.
  const { accessToken, cNonce, credentialIdentifiers } = await obtainToken(http);

  const { settings } = await getSettings({ db, userId });
  const issuerName = issuerOf(state, settings.language, trustList).name;
  const received: Received[] = [];

  // 3 and 4. Each configuration, each credential checked (lib/oid4vci/receive-configurations.ts).
  for await (const result of receiveConfigurations({
    configurations,
    credentialIssuer: offer.credential_issuer,
    metadata,
    accessToken,
    cNonce,
    credentialIdentifiers,
    keyFor: (configuration) =>
      loadHolderKeyOf({
        db,
        vault,
        now: options.now,
        userId,
        alg: proofAlgFor(configuration) ?? 'EdDSA',
      }),
    trustList,
    trustListJwks: (iss) => trustList.find({ identifier: iss })?.jwks?.keys,
    http,
    now: options.now,
    crypto: options.proofCrypto,
  })) {
    const { id: configurationId, configuration } = result;
    if (result.kind === 'error') {
      throw new AppError(
        'issuer_refused',
        result.error === 'invalid_nonce' || result.error === 'invalid_proof'
          ? "The issuer did not accept your wallet's proof of holding its key. Try again later."
          : `The issuer refused to issue the credential${result.error ? ` (${result.error.slice(0, 60)})` : ''}.`,
      );
    }
    const claimLabels = Object.fromEntries(
      configurationClaims(configuration, settings.language).map((claim) => [
        claim.path,
        claim.label,
      ]),
    );
    const display = {
      issuer_name: issuerName,
      name: configurationName(configurationId, configuration, settings.language),
      claim_labels: claimLabels,
    };
    const common = {
      configurationId,
      format: configuration.format,
      documentType: documentTypeOfConfiguration(options.publicOrigin, configuration),
      display,
    };
    if (result.kind === 'deferred') {
      received.push({
        ...common,
        id: newCredentialId(),
        issued: undefined,
        verified: undefined,
        exchange: {
          access_token: accessToken,
          deferred_credential_endpoint: metadata.deferred_credential_endpoint,
          transaction_id: result.transactionId,
          notification_endpoint: metadata.notification_endpoint,
          proof_alg: result.key.alg,
          metadata,
        },
        vct: configuration.vct,
      });
      continue;
    }
    // Each instance of the answer checked, then one kept per credential (several in one answer).
    const exchange = {
      access_token: accessToken,
      notification_endpoint: metadata.notification_endpoint,
      notification_id: result.notificationId,
    };
    const instances: Received[] = result.instances.map(({ issued, sdJwt, ldpVc }) => ({
      ...common,
      documentType:
        common.documentType ??
        (ldpVc ? ldpVc.documentType : sdJwt && documentTypeOfVct(options.publicOrigin, sdJwt.vct)),
      id: newCredentialId(),
      issued,
      verified: sdJwt,
      ...(ldpVc ? { ldpVc } : {}),
      exchange: { ...exchange },
    }));
    received.push(...(await keptInstances(instances, result.fail)));
  }

  // 4. Store, all or nothing.
  const now = options.now();
  const trusted = trustedIssuerName(trustList, offer.credential_issuer) !== undefined;
  // SPEC cards (lib/oid4vci/receiving-plan.ts, wallet/store-received-document.ts): a trusted
  // ldp_vc of a SPEC type with its SD-JWT VC sibling goes to `credentials`; the rest stays received.
  const { cards, rest } = pairSpecCards(
    received,
    (credential) =>
      credential.ldpVc && isSpecCard(trustList, offer.credential_issuer, credential.ldpVc)
        ? credential.ldpVc.documentType
        : undefined,
    (credential) => (credential.verified ? credential.documentType : undefined),
  );
  const rows = await storeAll().catch((error: unknown) => {
    // Two acceptances racing for one type: the unique index decides (SPEC 5).
    const type = received.find((credential) => credential.documentType)?.documentType;
    if (type && isUniqueViolation(error)) throw credentialExists(type);
    throw error;
  });
  async function storeAll() {
    return db.transaction(async (tx) => {
      const types = new Set<DocumentTypeKey>();
      for (const credential of [...cards.map((card) => card.ldpVc), ...rest]) {
        const type = credential.documentType;
        if (!type) continue;
        if (types.has(type) || (await holdsDocumentType(tx, userId, type)))
          throw credentialExists(type);
        types.add(type);
      }
      const records: CredentialRecord[] = [];
      for (const card of cards) {
        records.push(
          await storeSpecCard(tx, {
            ...card,
            userId,
            vault,
            now,
            issuerName,
            clock: options.now,
          }),
        );
      }
      const stored = [];
      for (const credential of rest) {
        const { verified, ldpVc } = credential;
        const [row] = await tx
          .insert(receivedCredentials)
          .values({
            id: credential.id,
            userId,
            documentType: credential.documentType ?? null,
            format: credential.format,
            credentialIssuer: offer.credential_issuer,
            vct: verified?.vct ?? credential.vct ?? null,
            display: credential.display,
            state: credential.issued === undefined ? 'pending' : 'issued',
            issuedCiphertext:
              credential.issued === undefined
                ? null
                : vault.encrypt(credential.issued, receivedCredentialAad(credential.id)),
            exchangeCiphertext: vault.encrypt(
              JSON.stringify(credential.exchange),
              receivedExchangeAad(credential.id),
            ),
            issuedAt: ldpVc
              ? (ldpVc.validFrom ?? now)
              : verified?.iat === undefined
                ? now
                : new Date(verified.iat * 1000),
            expiresAt: ldpVc
              ? (ldpVc.validUntil ?? null)
              : verified?.exp === undefined
                ? null
                : new Date(verified.exp * 1000),
            receivedAt: now,
          })
          .returning();
        if (!row) throw new Error('The received credential was not stored');
        stored.push(row);
        await recordActivity({
          db: tx,
          now: options.now,
          userId,
          ...credentialReceivedEntry(
            credential.documentType ?? credential.display.name,
            issuerName,
          ),
        });
      }
      await tx
        .delete(credentialOffers)
        .where(and(eq(credentialOffers.id, offerRow.id), eq(credentialOffers.userId, userId)));
      return { records, stored };
    });
  }

  // 5. Tell the issuer (best effort, after the commit).
  for (const credential of received) {
    const { notification_endpoint: endpoint, notification_id: notificationId } =
      credential.exchange;
    if (endpoint && notificationId && credential.issued !== undefined) {
      await notifyIssuer({
        notificationEndpoint: endpoint,
        accessToken,
        notificationId,
        event: 'credential_accepted',
        http,
      });
    }
  }
  const receivedRecords = await Promise.all(
    rows.stored.map((row) => toReceivedCredentialRecord(row, vault, trusted)),
  );
  return [...rows.records, ...receivedRecords].map((record) => ({
    ...record,
    credential_subject: maskCredentialSubject(record.credential_subject),
  }));
}
