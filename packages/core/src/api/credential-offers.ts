/**
 * The wallet's side of OpenID for Verifiable Credential Issuance 1.0 (final) as the holder's app
 * and API see it: a credential offer received (`POST /user/{userId}/credential-offers`), what the
 * holder is shown before accepting, the accept and decline calls, and how a received credential
 * is marked in the credential list. The exchange itself (metadata, token, nonce, proof of
 * possession, credential and deferred endpoints) runs on the server; these are its answers.
 *
 * Sources: OpenID4VCI 1.0 section 4.1 (Credential Offer: `credential_issuer`,
 * `credential_configuration_ids`, `grants` with `urn:ietf:params:oauth:grant-type:pre-authorized_code`
 * and its `tx_code` {length, input_mode, description}, or `authorization_code` with
 * `issuer_state`), 12.2.4 (credential configurations: `format`, display `name`, claims), and
 * docs/requirements.md D9 (receiving from real issuers, one trust list).
 */
import { z } from 'zod';

/** Credential formats the wallet receives: IETF SD-JWT VC (and UIDAI's older media type) and W3C Data Integrity. */
export const RECEIVED_FORMATS = ['dc+sd-jwt', 'vc+sd-jwt', 'ldp_vc'] as const;
export const receivedFormatSchema = z.enum(RECEIVED_FORMATS);
export type ReceivedFormat = z.infer<typeof receivedFormatSchema>;

/** The grant the offer carries (OpenID4VCI 1.0 section 4.1.1). */
export const OFFER_GRANTS = ['pre-authorized_code', 'authorization_code'] as const;
export type OfferGrant = (typeof OFFER_GRANTS)[number];

/** `POST /user/{userId}/credential-offers` body: the offer link or QR text as received. */
export const receiveCredentialOfferBodySchema = z.object({
  /** `openid-credential-offer://?credential_offer=...` or `...?credential_offer_uri=...` (or an https link with that query). */
  offer: z.string().trim().min(1).max(16384),
});
export type ReceiveCredentialOfferBody = z.infer<typeof receiveCredentialOfferBodySchema>;

/**
 * The transaction code the issuer sent the holder out of band (SMS, e-mail), as the offer
 * describes it: `length` digits or characters, `input_mode` numeric or text.
 */
export const txCodeSchema = z.object({
  length: z.number().int().positive().nullable(),
  input_mode: z.enum(['numeric', 'text']),
  description: z.string().nullable(),
});
export type TxCode = z.infer<typeof txCodeSchema>;

/** One claim the offered credential will carry, as the issuer's metadata names it. */
export const offeredClaimSchema = z.object({
  /** The claim path joined with '.', e.g. 'address.locality'. */
  path: z.string(),
  /** Display name in the holder's language when the issuer gives one, else the path. */
  label: z.string(),
});

/** One credential of the offer: a configuration of the issuer's metadata. */
export const offeredCredentialSchema = z.object({
  configuration_id: z.string(),
  format: receivedFormatSchema,
  /** Display name in the holder's language when the issuer gives one, else the configuration id. */
  name: z.string(),
  claims: z.array(offeredClaimSchema),
});
export type OfferedCredential = z.infer<typeof offeredCredentialSchema>;

/**
 * 201 answer of `POST /user/{userId}/credential-offers` (and `GET .../credential-offers/{id}`):
 * what the holder sees before accepting.
 */
export const credentialOfferViewSchema = z.object({
  id: z.string(),
  /** The Credential Issuer Identifier (an https URL). */
  credential_issuer: z.string(),
  /** Display name in the holder's language (from the trust list, else the issuer's metadata, else its host); trusted = on the deployment's trust list. */
  issuer: z.object({ name: z.string(), trusted: z.boolean(), logo: z.string().nullable() }),
  credentials: z.array(offeredCredentialSchema).min(1),
  /** null when no code is asked for (or for the authorization code grant). */
  tx_code: txCodeSchema.nullable(),
  grant: z.enum(OFFER_GRANTS),
  /** ISO 8601; after it the offer is refused as expired. */
  expires_at: z.string(),
  /**
   * Whose end `expires_at` is: 'issuer' when the issuer said when its offer ends (then the
   * earlier of that and the wallet's keeping), 'wallet' when only the wallet's own keeping limit
   * is known (the issuer may end the offer sooner). Absent from older servers: read as 'wallet'.
   */
  expires_by: z.enum(['issuer', 'wallet']).optional(),
});
export type CredentialOfferView = z.infer<typeof credentialOfferViewSchema>;

/** `POST /user/{userId}/credential-offers/{id}/accept` body. */
export const acceptCredentialOfferBodySchema = z.object({
  /** The transaction code the holder typed, when the offer asks for one. */
  tx_code: z.string().trim().min(1).max(64).optional(),
});
export type AcceptCredentialOfferBody = z.infer<typeof acceptCredentialOfferBodySchema>;

/**
 * 201 answer of `POST .../credential-offers/{id}/accept` for an offer of the authorization code
 * grant (OpenID4VCI 1.0 section 5): the issuer's authorization endpoint with the request (or, when
 * the authorization server takes pushed requests, RFC 9126, its `request_uri`). The holder's
 * browser goes there, signs in at the issuer, and comes back to `{origin}/oid4vci/callback`.
 */
export const credentialOfferRedirectSchema = z.object({
  /** An https (or, for local issuers under OID4VCI_ALLOW_LOOPBACK, http) URL. */
  redirect_to: z.string(),
});
export type CredentialOfferRedirect = z.infer<typeof credentialOfferRedirectSchema>;

/**
 * `POST /user/{userId}/credential-offers/authorization` body: what the issuer's authorization
 * server sent the holder's browser back with at `/oid4vci/callback` (RFC 6749 4.1.2 and
 * 4.1.2.1): the `state` the wallet made, and either the `code` or an `error` (with its
 * `error_description` when given).
 */
export const completeCredentialOfferAuthorizationBodySchema = z
  .object({
    state: z.string().min(1).max(512),
    /** The authorization code (RFC 6749 4.1.2), or... */
    code: z.string().min(1).max(4096).optional(),
    /** ...the error the issuer sent back instead (4.1.2.1), e.g. 'access_denied'. */
    error: z.string().min(1).max(200).optional(),
    error_description: z.string().max(1000).optional(),
    /** The authorization server's `iss` in its answer (RFC 9207), when it sends one. */
    iss: z.string().max(2048).optional(),
  })
  .superRefine((body, context) => {
    if ((body.code === undefined) === (body.error === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['code'],
        message: 'Give either the code or the error the issuer sent back',
      });
    }
  });
export type CompleteCredentialOfferAuthorizationBody = z.infer<
  typeof completeCredentialOfferAuthorizationBodySchema
>;

/**
 * How a credential received from an issuer is marked in the credential list
 * (`CredentialRecord.received`); absent for the product's own sample documents.
 */
export const receivedCredentialSchema = z.object({
  format: receivedFormatSchema,
  /** The Credential Issuer Identifier. */
  credential_issuer: z.string(),
  /** The issuer's display name in the holder's language. */
  issuer_name: z.string(),
  /** On the deployment's trust list. */
  trusted: z.boolean(),
  /** The credential's display name (SD-JWT VC Type Metadata or the issuer's display data). */
  name: z.string(),
  /** The SD-JWT VC `vct`, null for W3C Data Integrity credentials. */
  vct: z.string().nullable(),
  /** Claim path (joined with '.') to its display label, for the claims in credential_subject. */
  claim_labels: z.record(z.string(), z.string()),
  /** `pending`: deferred issuance, the card says the wallet is waiting for the issuer. */
  state: z.enum(['issued', 'pending']),
});
export type ReceivedCredential = z.infer<typeof receivedCredentialSchema>;
