/**
 * The per-configuration steps of an OpenID4VCI 1.0 exchange, once the wallet holds an access
 * token: the one runner both "Add Credentials" (collect-offered-credentials.ts; SPEC 5 and 7,
 * DECISIONS 8) and the accepting of a received offer (wallet/accept-credential-offer.ts;
 * DECISIONS 9.1) use, so the two never drift.
 *
 * For each configuration, in order and one at a time (an async generator: the caller sees each
 * result before the next configuration is asked, and may stop there by throwing):
 * 1. the holder's key for it (`keyFor`: the caller picks the key and so the proof's alg);
 * 2. a fresh c_nonce from the Nonce Endpoint (section 7), else the token answer's;
 * 3. a `jwt` proof (appendix F.1: `typ openid4vci-proof+jwt`, `aud` = the Credential Issuer, the
 *    nonce) and the Credential Request (8.2), naming the Token Response's first
 *    `credential_identifier` for the configuration when there is one (6.2), else the
 *    configuration id; an `invalid_nonce` answer is asked again once with a new nonce (8.3.1.2);
 * 4. an issued answer: every credential in it checked by its format (`dc+sd-jwt` / `vc+sd-jwt` by
 *    verify-issued-sd-jwt.ts, `ldp_vc` by verify-issued-ldp-vc.ts, bound to the proof's key);
 *    one that fails makes the issuer be told `credential_failure` (section 11, when it gave a
 *    notification id) and the error is thrown.
 * Results: `issued` (the checked instances, and `fail()` that tells the issuer
 * `credential_failure` when the caller refuses them), `deferred` (the `transaction_id` answer as
 * such: the caller stores or refuses it), or `error` (the issuer's error code: the caller words
 * the refusal).
 *
 * Errors thrown (AppError): those of requestNonce / requestCredential (issuer_unreachable,
 * issuer_address_refused, credential_too_large, credential_rejected) and of the two checks
 * (credential_rejected, credential_too_large).
 */
import type { ProofCrypto } from '@pehchaan/core';
import type { HolderSigningKey } from '../holder-keys';
import type { TrustList } from '../trust-list';
import {
  type CredentialAnswer,
  makeProofJwt,
  notifyIssuer,
  requestCredential,
  requestNonce,
} from './exchange';
import type { IssuerHttpOptions } from './issuer-http';
import type { CredentialConfiguration, IssuerMetadata } from './offer';
import { ldpTypesOf, type VerifiedIssuedLdpVc, verifyIssuedLdpVc } from './verify-issued-ldp-vc';
import { type VerifiedIssuedSdJwt, verifyIssuedSdJwt } from './verify-issued-sd-jwt';

/** One configuration to receive: its id in the offer and the metadata's description of it. */
export interface ConfigurationToReceive {
  id: string;
  configuration: CredentialConfiguration;
}

/** One credential of an issued answer, checked: `sdJwt` for an SD-JWT VC, `ldpVc` for ldp_vc. */
export interface ReceivedInstance {
  /** Exactly what the issuer sent: the compact SD-JWT, or the ldp_vc's JSON text. */
  issued: string;
  sdJwt?: VerifiedIssuedSdJwt;
  ldpVc?: VerifiedIssuedLdpVc;
}

/** What one configuration's Credential Request came to. */
export type ReceivedConfiguration = ConfigurationToReceive & {
  /** The holder's key the proof was signed with. */
  key: HolderSigningKey;
} & (
    | {
        kind: 'issued';
        instances: ReceivedInstance[];
        notificationId: string | undefined;
        /** Tells the issuer `credential_failure` (when it gave a notification id). */
        fail: () => Promise<void>;
      }
    | { kind: 'deferred'; transactionId: string }
    | { kind: 'error'; error: string | undefined }
  );

export interface ReceiveConfigurationsOptions {
  configurations: readonly ConfigurationToReceive[];
  /** The Credential Issuer Identifier (the proof's `aud`, the checks' expected issuer). */
  credentialIssuer: string;
  metadata: IssuerMetadata;
  accessToken: string;
  /** An older issuer's c_nonce in the token answer (used when there is no Nonce Endpoint). */
  cNonce: string | undefined;
  /** configuration id -> the Token Response's credential identifiers (OpenID4VCI 1.0 6.2). */
  credentialIdentifiers?: Record<string, string[]> | undefined;
  /** The holder's key to prove possession of for a configuration. */
  keyFor: (configuration: CredentialConfiguration) => Promise<HolderSigningKey>;
  trustList: TrustList;
  /** SD-JWT checks: the trust list's JWK Set looked up before the issuer's published keys. */
  trustListJwks?: ((iss: string) => readonly unknown[] | undefined) | undefined;
  /** ldp_vc checks: the DIDs the offering issuer signs as, when the caller knows them. */
  issuerDids?: readonly string[] | undefined;
  http: IssuerHttpOptions;
  now: () => Date;
  crypto: ProofCrypto;
}

/** See the module docs. */
export async function* receiveConfigurations(
  options: ReceiveConfigurationsOptions,
): AsyncGenerator<ReceivedConfiguration, void, undefined> {
  const { metadata, accessToken, http } = options;
  let nonce = options.cNonce;
  for (const { id: configurationId, configuration } of options.configurations) {
    const key = await options.keyFor(configuration);
    const ask = async (): Promise<CredentialAnswer> => {
      if (metadata.nonce_endpoint) nonce = await requestNonce(metadata.nonce_endpoint, http);
      return requestCredential({
        credentialEndpoint: metadata.credential_endpoint,
        accessToken,
        configurationId,
        credentialIdentifier: options.credentialIdentifiers?.[configurationId]?.[0],
        proof: makeProofJwt({
          key,
          audience: options.credentialIssuer,
          nonce,
          now: options.now(),
        }),
        http,
      });
    };
    let answer = await ask();
    if (answer.kind === 'error' && answer.error === 'invalid_nonce') answer = await ask();
    const base = { id: configurationId, configuration, key };
    if (answer.kind === 'error') {
      yield { ...base, kind: 'error', error: answer.error };
      continue;
    }
    if (answer.kind === 'deferred') {
      yield { ...base, kind: 'deferred', transactionId: answer.transactionId };
      continue;
    }
    const { notificationId } = answer;
    const fail = async () => {
      if (metadata.notification_endpoint && notificationId) {
        await notifyIssuer({
          notificationEndpoint: metadata.notification_endpoint,
          accessToken,
          notificationId,
          event: 'credential_failure',
          http,
        });
      }
    };
    const instances: ReceivedInstance[] = [];
    for (const issued of answer.credentials) {
      try {
        instances.push({ issued, ...(await verifyInstance(issued, configuration, key, options)) });
      } catch (error) {
        await fail();
        throw error;
      }
    }
    yield { ...base, kind: 'issued', instances, notificationId, fail };
  }
}

/** One issued credential checked as its configuration's format asks. */
async function verifyInstance(
  issued: string,
  configuration: CredentialConfiguration,
  key: HolderSigningKey,
  options: ReceiveConfigurationsOptions,
): Promise<Omit<ReceivedInstance, 'issued'>> {
  const holderJwk = key.publicJwk as unknown as Record<string, string>;
  if (configuration.format === 'ldp_vc') {
    return {
      ldpVc: await verifyIssuedLdpVc(issued, {
        credentialIssuer: options.credentialIssuer,
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
      credentialIssuer: options.credentialIssuer,
      vct: configuration.vct,
      holderJwk,
      metadata: options.metadata,
      now: options.now(),
      http: options.http,
      ...(options.trustListJwks ? { trustListJwks: options.trustListJwks } : {}),
    }),
  };
}
