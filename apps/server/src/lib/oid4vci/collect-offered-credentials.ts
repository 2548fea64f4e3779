/**
 * One whole OpenID4VCI 1.0 pre-authorized code exchange for an offer that needs no transaction
 * code, run by the wallet on the holder's behalf without storing anything: how "Add Credentials"
 * (SPEC 5 and 7, POST /identity/generate-credential; DECISIONS 8) receives the sample credential
 * the product's demo issuer offers it, exactly as any wallet would over HTTP (the product's own
 * issuers are reached in process by issuer-http.ts, never over the network).
 *
 * Steps: the offer link (4.1; by value or `credential_offer_uri`), the Credential Issuer Metadata
 * (12.2) and its authorization server's metadata (RFC 8414), the Token Request (6.1), then each
 * offered configuration by receive-configurations.ts (the runner the accepting of an offer uses
 * too) with the holder's Ed25519 key: nonce, `jwt` proof, Credential Request, each credential
 * checked as its format asks. A credential that fails its check makes the issuer be told
 * `credential_failure` and the whole exchange fail; an error or deferred answer fails it too.
 * `notifyCollected` tells the issuer `credential_accepted` once the caller stored them (section
 * 11; best effort).
 *
 * Errors (AppError): invalid_credential_offer (not an offer, no pre-authorized code, a
 * transaction code asked, a configuration the metadata lacks or a format the wallet does not
 * read), issuer_refused (an error answer, or a deferred one: Add Credentials waits for no one),
 * offer_not_found (the issuer no longer has the offer), issuer_unreachable,
 * issuer_address_refused, offer_used, credential_rejected, credential_too_large.
 */
import type { ProofCrypto } from '@pehchaan/core';
import { AppError } from '../errors';
import type { HolderSigningKey } from '../holder-keys';
import type { TrustList } from '../trust-list';
import { notifyIssuer, requestAccessToken } from './exchange';
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
import { receiveConfigurations } from './receive-configurations';
import type { VerifiedIssuedLdpVc } from './verify-issued-ldp-vc';
import type { VerifiedIssuedSdJwt } from './verify-issued-sd-jwt';

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

/** A configuration's format, one the wallet reads. @throws AppError invalid_credential_offer. */
function formatOf(configuration: CredentialConfiguration): CollectedCredential['format'] {
  const format = FORMATS.find((known) => known === configuration.format);
  if (!format) throw invalid(`Pehchaan cannot receive the format "${configuration.format}".`);
  return format;
}

/** See the module docs. */
export async function collectOfferedCredentials(
  options: CollectOfferedCredentialsOptions,
): Promise<CollectedOffer> {
  const { http, holderKey } = options;
  const reference = parseOfferLink(options.link);
  const raw = 'uri' in reference ? await getIssuerDocument(reference.uri, http) : reference.offer;
  if (raw === undefined) {
    throw new AppError('offer_not_found', 'The issuer no longer has this offer (not found).');
  }
  const offer = readCredentialOffer(raw);
  const grant = offer.grants?.[PRE_AUTHORIZED_GRANT];
  if (!grant) throw invalid('This offer has no code Pehchaan can use.');
  if (grant.tx_code !== undefined) throw invalid('This offer needs a transaction code.');
  const metadata = await fetchIssuerMetadata(offer.credential_issuer, http);
  const offered = offer.credential_configuration_ids.map((id) => {
    const configuration = metadata.credential_configurations_supported[id];
    if (!configuration) throw invalid(`The issuer does not describe "${id}".`);
    formatOf(configuration);
    return { id, configuration };
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

  const credentials: CollectedCredential[] = [];
  for await (const result of receiveConfigurations({
    configurations: offered,
    credentialIssuer: offer.credential_issuer,
    metadata,
    accessToken,
    cNonce,
    keyFor: async () => holderKey,
    trustList: options.trustList,
    issuerDids: options.issuerDids,
    http,
    now: options.now,
    crypto: options.crypto,
  })) {
    if (result.kind !== 'issued') {
      throw new AppError(
        'issuer_refused',
        `The issuer did not issue the credential${result.kind === 'error' && result.error ? ` (${result.error.slice(0, 60)})` : ' at once'}.`,
      );
    }
    const format = formatOf(result.configuration);
    for (const instance of result.instances) {
      credentials.push({
        configurationId: result.id,
        format,
        notificationId: result.notificationId,
        ...instance,
      });
    }
  }
  return { credentialIssuer: offer.credential_issuer, metadata, accessToken, credentials };
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
