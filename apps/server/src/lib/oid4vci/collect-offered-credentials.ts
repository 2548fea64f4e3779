/**
 * One whole OpenID4VCI 1.0 pre-authorized code exchange for an offer that needs no transaction
 * code, run by the wallet on the holder's behalf without storing anything: how "Add Credentials"
 * (SPEC 5 and 7, POST /identity/generate-credential; DECISIONS 8) receives the sample credential
 * the product's demo issuer offers it, exactly as any wallet would over HTTP (the product's own
 * issuers are reached in process by issuer-http.ts, never over the network).
 *
 * Steps: the offer link (4.1; by value or `credential_offer_uri`), the Credential Issuer Metadata
 * (12.2) and its authorization server's metadata (RFC 8414), the Token Request (6.1), then for
 * each offered configuration a fresh c_nonce (7), a `jwt` proof by the holder's Ed25519 key
 * (appendix F.1) and the Credential Request (8.2); each credential checked as the format asks:
 * `dc+sd-jwt` / `vc+sd-jwt` by verify-issued-sd-jwt.ts, `ldp_vc` by verify-issued-ldp-vc.ts.
 * A credential that fails its check makes the issuer be told `credential_failure` and the whole
 * exchange fail. `notifyCollected` tells the issuer `credential_accepted` once the caller stored
 * them (section 11; best effort).
 *
 * Errors (AppError): invalid_credential_offer (not an offer, no pre-authorized code, a
 * transaction code asked, a configuration the metadata lacks or a format the wallet does not
 * read), issuer_refused (an error answer, or a deferred one: Add Credentials waits for no one),
 * issuer_unreachable, issuer_address_refused, offer_used, credential_rejected,
 * credential_too_large.
 */
import type { ProofCrypto } from '@pehchaan/core';
import { AppError } from '../errors';
import type { HolderSigningKey } from '../holder-keys';
import type { TrustList } from '../trust-list';
import {
  type CredentialAnswer,
  makeProofJwt,
  notifyIssuer,
  requestAccessToken,
  requestCredential,
  requestNonce,
} from './exchange';
import { getIssuerDocument, type IssuerHttpOptions } from './issuer-http';
import {
  type CredentialConfiguration,
  fetchAuthorizationServerMetadata,
  fetchIssuerMetadata,
  type IssuerMetadata,
  PRE_AUTHORIZED_GRANT,
  parseOfferLink,
  readCredentialOffer,
} from './offer';
import { ldpTypesOf, type VerifiedIssuedLdpVc, verifyIssuedLdpVc } from './verify-issued-ldp-vc';
import { type VerifiedIssuedSdJwt, verifyIssuedSdJwt } from './verify-issued-sd-jwt';

/** One credential the exchange produced, checked. */
export interface CollectedCredential {
  configurationId: string;
  format: 'dc+sd-jwt' | 'vc+sd-jwt' | 'ldp_vc';
  /** Exactly what the issuer sent: the compact SD-JWT, or the ldp_vc's JSON text. */
  issued: string;
  /** Set for an SD-JWT VC. */
  sdJwt?: VerifiedIssuedSdJwt;
  /** Set for an ldp_vc. */
  ldpVc?: VerifiedIssuedLdpVc;
  notificationId: string | undefined;
}

/** What an exchange produced. */
export interface CollectedOffer {
  credentialIssuer: string;
  metadata: IssuerMetadata;
  accessToken: string;
  credentials: CollectedCredential[];
}

export interface CollectOfferedCredentialsOptions {
  /** The offer link (openid-credential-offer://?credential_offer_uri=... or by value). */
  link: string;
  /** The holder's Ed25519 key (lib/holder-keys.ts loadHolderKeyOf 'EdDSA'). */
  holderKey: HolderSigningKey;
  /** Loaded before (PGlite has one connection; the caller may open a transaction after). */
  trustList: TrustList;
  /** The DIDs the offering issuer signs as, when the caller knows them (the product's own). */
  issuerDids?: readonly string[] | undefined;
  http: IssuerHttpOptions;
  now: () => Date;
  crypto: ProofCrypto;
}

const FORMATS = ['dc+sd-jwt', 'vc+sd-jwt', 'ldp_vc'] as const;

function invalid(detail: string): AppError {
  return new AppError('invalid_credential_offer', detail);
}

/** See the module docs. */
export async function collectOfferedCredentials(
  options: CollectOfferedCredentialsOptions,
): Promise<CollectedOffer> {
  const { http, holderKey } = options;
  const reference = parseOfferLink(options.link);
  const raw = 'uri' in reference ? await getIssuerDocument(reference.uri, http) : reference.offer;
  if (raw === undefined) {
    throw new AppError('issuer_unreachable', 'The issuer no longer has this offer (not found).');
  }
  const offer = readCredentialOffer(raw);
  const grant = offer.grants?.[PRE_AUTHORIZED_GRANT];
  if (!grant) throw invalid('This offer has no code Pehchaan can use.');
  if (grant.tx_code !== undefined) throw invalid('This offer needs a transaction code.');
  const metadata = await fetchIssuerMetadata(offer.credential_issuer, http);
  const offered = offer.credential_configuration_ids.map((id) => {
    const configuration = metadata.credential_configurations_supported[id];
    if (!configuration) throw invalid(`The issuer does not describe "${id}".`);
    const format = FORMATS.find((known) => known === configuration.format);
    if (!format) throw invalid(`Pehchaan cannot receive the format "${configuration.format}".`);
    return { id, configuration, format };
  });
  const asIssuer =
    grant.authorization_server ?? metadata.authorization_servers?.[0] ?? offer.credential_issuer;
  const authorizationServer = await fetchAuthorizationServerMetadata(asIssuer, http);
  const { accessToken, cNonce } = await requestAccessToken({
    tokenEndpoint: authorizationServer.token_endpoint,
    preAuthorizedCode: grant['pre-authorized_code'],
    txCode: undefined,
    offerUri: 'uri' in reference ? reference.uri : undefined,
    http,
  });

  let nonce = cNonce;
  const credentials: CollectedCredential[] = [];
  for (const { id: configurationId, configuration, format } of offered) {
    const ask = async (): Promise<CredentialAnswer> => {
      if (metadata.nonce_endpoint) nonce = await requestNonce(metadata.nonce_endpoint, http);
      return requestCredential({
        credentialEndpoint: metadata.credential_endpoint,
        accessToken,
        configurationId,
        proof: makeProofJwt({
          key: holderKey,
          audience: offer.credential_issuer,
          nonce,
          now: options.now(),
        }),
        http,
      });
    };
    let answer = await ask();
    if (answer.kind === 'error' && answer.error === 'invalid_nonce') answer = await ask();
    if (answer.kind !== 'issued') {
      throw new AppError(
        'issuer_refused',
        `The issuer did not issue the credential${answer.kind === 'error' && answer.error ? ` (${answer.error.slice(0, 60)})` : ' at once'}.`,
      );
    }
    for (const issued of answer.credentials) {
      try {
        credentials.push({
          configurationId,
          format,
          issued,
          notificationId: answer.notificationId,
          ...(await verifyOne(issued, format, configuration, metadata, options, offer)),
        });
      } catch (error) {
        if (metadata.notification_endpoint && answer.notificationId) {
          await notifyIssuer({
            notificationEndpoint: metadata.notification_endpoint,
            accessToken,
            notificationId: answer.notificationId,
            event: 'credential_failure',
            http,
          });
        }
        throw error;
      }
    }
  }
  return { credentialIssuer: offer.credential_issuer, metadata, accessToken, credentials };
}

async function verifyOne(
  issued: string,
  format: CollectedCredential['format'],
  configuration: CredentialConfiguration,
  metadata: IssuerMetadata,
  options: CollectOfferedCredentialsOptions,
  offer: { credential_issuer: string },
): Promise<Pick<CollectedCredential, 'sdJwt' | 'ldpVc'>> {
  const holderJwk = options.holderKey.publicJwk as unknown as Record<string, string>;
  if (format === 'ldp_vc') {
    return {
      ldpVc: await verifyIssuedLdpVc(issued, {
        credentialIssuer: offer.credential_issuer,
        types: ldpTypesOf(configuration),
        holderJwk,
        trustList: options.trustList,
        issuerDids: options.issuerDids,
        now: options.now(),
        crypto: options.crypto,
      }),
    };
  }
  return {
    sdJwt: await verifyIssuedSdJwt(issued, {
      credentialIssuer: offer.credential_issuer,
      vct: configuration.vct,
      holderJwk,
      metadata,
      now: options.now(),
      http: options.http,
    }),
  };
}

/** Tells the issuer each collected credential was stored (`credential_accepted`; best effort). */
export async function notifyCollected(
  collected: CollectedOffer,
  http: IssuerHttpOptions,
): Promise<void> {
  const endpoint = collected.metadata.notification_endpoint;
  if (!endpoint) return;
  const ids = new Set(collected.credentials.flatMap((c) => c.notificationId ?? []));
  for (const notificationId of ids) {
    await notifyIssuer({
      notificationEndpoint: endpoint,
      accessToken: collected.accessToken,
      notificationId,
      event: 'credential_accepted',
      http,
    });
  }
}
