/**
 * What the wallet keeps of a received credential offer (table credential_offers, vault-encrypted
 * as `state_ciphertext`) and what the holder sees of it (core's credentialOfferViewSchema): the
 * issuer by its display name (the trust list's name when trusted, else the metadata's in the
 * holder's language, else its host), each offered credential's name and claims in the holder's
 * language, the transaction code prompt, the grant and the expiry (and whose end it is).
 */
import type { CredentialOfferView, ReceivedFormat } from '@pehchaan/core';
import type { CredentialOfferRow } from '../../db/schema';
import type { TrustList } from '../trust-list';
import type { Vault } from '../vault';
import type { PendingAuthorization } from './authorization-code';
import { trustedIssuerName } from './issuer-trust';
import {
  type AuthorizationServerMetadata,
  type CredentialOffer,
  configurationClaims,
  configurationName,
  type IssuerMetadata,
  issuerDisplay,
  PRE_AUTHORIZED_GRANT,
} from './offer';

/** How long a received offer is kept for the holder to accept, in milliseconds (1 hour). */
export const OFFER_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Until when the wallet keeps an offer received at `now`: OFFER_LIFETIME_MS, or the issuer's end
 * of the offer (offer.ts offerEndOf) when that is sooner.
 */
export function offerKeptUntil(now: Date, issuerEnd: Date | undefined): Date {
  const kept = now.getTime() + OFFER_LIFETIME_MS;
  return new Date(issuerEnd ? Math.min(kept, issuerEnd.getTime()) : kept);
}

/** AAD of an offer's state ciphertext: binds it to its row. */
export const credentialOfferAad = (id: string) => `credential-offer:${id}`;

/** What the wallet keeps to run the exchange later (encrypted: the pre-authorized code is a secret). */
export interface StoredOfferState {
  offer: CredentialOffer;
  metadata: IssuerMetadata;
  authorizationServer: AuthorizationServerMetadata;
  /** The offer's `credential_offer_uri` when it came by reference (asked again when its code is refused). */
  offerUri?: string | undefined;
  /** When the issuer said the offer ends (ISO 8601; offer.ts offerEndOf), if it did. */
  issuerExpiresAt?: string | undefined;
  /** Authorization code grant: the holder was sent to the issuer and has not come back yet. */
  authorization?: PendingAuthorization;
}

/** The stored state of an offer row. @throws when it does not decrypt (a 500). */
export function readOfferState(row: CredentialOfferRow, vault: Vault): StoredOfferState {
  return JSON.parse(vault.decrypt(row.stateCiphertext, credentialOfferAad(row.id)));
}

/** The issuer's name and trust, as the holder sees them. */
export function issuerOf(
  state: StoredOfferState,
  language: string,
  trustList: TrustList,
): { name: string; trusted: boolean; logo: string | null } {
  const listed = trustedIssuerName(trustList, state.offer.credential_issuer, language);
  const display = issuerDisplay(state.metadata, language);
  return {
    name: listed ?? display.name ?? new URL(state.offer.credential_issuer).host,
    trusted: listed !== undefined,
    logo: display.logo,
  };
}

/**
 * The configurations of an offer the holder's view lists: its SD-JWT VCs, or its W3C Data
 * Integrity (ldp_vc) ones when it has nothing else. An ldp_vc beside SD-JWT VCs is the same
 * issuance in another format: accepting receives it too only where it completes a SPEC card
 * (receiving-plan.ts plannedConfigurations), which the holder sees as one credential.
 */
export function receivableConfigurations<T extends { configuration: { format?: string } }>(
  offered: T[],
): T[] {
  return offered.filter(({ configuration }) => configuration.format !== 'ldp_vc');
}

/** The offer's configuration ids as the holder's view lists them (receivableConfigurations). */
function receivableIds(state: StoredOfferState): string[] {
  const offered = state.offer.credential_configuration_ids.map((id) => ({
    id,
    configuration: state.metadata.credential_configurations_supported[id] ?? {},
  }));
  const receivable = receivableConfigurations(offered);
  return (receivable.length > 0 ? receivable : offered).map(({ id }) => id);
}

/** The holder's view of a stored offer (core's CredentialOfferView). */
export function buildOfferView(
  row: CredentialOfferRow,
  state: StoredOfferState,
  language: string,
  trustList: TrustList,
): CredentialOfferView {
  const preAuthorized = state.offer.grants?.[PRE_AUTHORIZED_GRANT];
  const txCode = preAuthorized?.tx_code;
  return {
    id: row.id,
    credential_issuer: state.offer.credential_issuer,
    issuer: issuerOf(state, language, trustList),
    credentials: receivableIds(state).map((id) => {
      const configuration = state.metadata.credential_configurations_supported[id];
      return {
        configuration_id: id,
        format: (configuration?.format ?? 'dc+sd-jwt') as ReceivedFormat,
        name: configuration ? configurationName(id, configuration, language) : id,
        claims: configuration ? configurationClaims(configuration, language) : [],
      };
    }),
    tx_code: txCode
      ? {
          length: txCode.length ?? null,
          input_mode: txCode.input_mode ?? 'numeric',
          description: txCode.description ?? null,
        }
      : null,
    grant: preAuthorized ? 'pre-authorized_code' : 'authorization_code',
    expires_at: row.expiresAt.toISOString(),
    // Whose end expires_at is: the issuer's when it said so (the earlier of its end and the
    // wallet's keeping), else only the wallet's keeping (the issuer may end the offer sooner).
    expires_by: state.issuerExpiresAt === undefined ? 'wallet' : 'issuer',
  };
}
