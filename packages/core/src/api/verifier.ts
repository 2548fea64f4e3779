/**
 * The verifier API's shapes (docs/api-contract.md "Verifiers (OpenID4VP)"): registered
 * organisations (DPDP Act data fiduciaries) ask a holder (data principal) for claims of their
 * SD-JWT VCs with an OpenID4VP 1.0 authorization request whose `dcql_query` is checked here.
 *
 * - `dcqlQuerySchema`: the Digital Credentials Query Language of OpenID4VP 1.0 section 6, for the
 *   one credential format the product issues, `dc+sd-jwt` (section B.3.5: `meta.vct_values`).
 *   Besides the shape it checks the references: credential ids unique, claim ids unique per
 *   credential, `claim_sets` naming claim ids of their credential and `credential_sets` naming
 *   credential ids (section 6.1-6.4).
 * - `createVerifierRequestBodySchema` / `createVerifierRequestAnswerSchema`: POST /verifier/requests.
 * - `verifierRequestAnswerSchema`: GET /verifier/requests/{id}: status, the verified claims and
 *   the checks made.
 * - `verifierOrganisationSchema`: GET /verifier/me: the key's organisation and its registered
 *   purposes with the claims each may ask for.
 */
import { z } from 'zod';
import { verifierConsentReceiptSchema } from './consent-receipts';

/** A DCQL identifier: "alphanumeric, underscore or hyphen", non-empty (section 6.1). */
const dcqlId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'An id may only hold letters, digits, _ and -');

/** The largest array index a claims path may name (no credential claim has more elements). */
export const MAX_CLAIM_PATH_INDEX = 1000;

/**
 * A claims path pointer (OpenID4VP 1.0 section 7): names, array indices or null (all elements).
 * Indices carry their own messages: zod's default for a too-big integer names 2^53 - 1.
 */
export const dcqlClaimPathSchema = z
  .array(
    z.union([
      z.string().min(1).max(128),
      z
        .number()
        .int('An array index in a claim path must be a whole number')
        .min(0, 'An array index in a claim path must not be negative')
        .max(
          MAX_CLAIM_PATH_INDEX,
          `An array index in a claim path may be at most ${MAX_CLAIM_PATH_INDEX}`,
        ),
      z.null(),
    ]),
  )
  .min(1)
  .max(8);

/** One claims query (section 6.3). */
export const dcqlClaimsQuerySchema = z.strictObject({
  id: dcqlId.optional(),
  path: dcqlClaimPathSchema,
  values: z
    .array(z.union([z.string().max(1024), z.number(), z.boolean()]))
    .min(1)
    .max(32)
    .optional(),
});

/** One credential query for an SD-JWT VC (section 6.1 and B.3.5). */
export const dcqlCredentialQuerySchema = z
  .strictObject({
    id: dcqlId,
    format: z.literal('dc+sd-jwt', { error: 'format must be dc+sd-jwt' }),
    multiple: z.boolean().optional(),
    meta: z.strictObject({ vct_values: z.array(z.string().min(1).max(512)).min(1).max(10) }),
    require_cryptographic_holder_binding: z.boolean().optional(),
    claims: z.array(dcqlClaimsQuerySchema).min(1).max(32).optional(),
    claim_sets: z.array(z.array(dcqlId).min(1).max(32)).min(1).max(16).optional(),
  })
  .superRefine((query, context) => {
    const ids = (query.claims ?? []).map((claim) => claim.id);
    const named = ids.filter((id): id is string => id !== undefined);
    if (new Set(named).size !== named.length) {
      context.addIssue({ code: 'custom', path: ['claims'], message: 'Claim ids must be unique' });
    }
    if (query.claim_sets) {
      if (!query.claims || ids.some((id) => id === undefined)) {
        context.addIssue({
          code: 'custom',
          path: ['claim_sets'],
          message: 'claim_sets needs claims that all have an id',
        });
      } else if (query.claim_sets.some((set) => set.some((id) => !named.includes(id)))) {
        context.addIssue({
          code: 'custom',
          path: ['claim_sets'],
          message: 'claim_sets may only name ids of this credential query',
        });
      }
    }
  });

/** A credential set query (section 6.2). */
export const dcqlCredentialSetSchema = z.strictObject({
  options: z.array(z.array(dcqlId).min(1).max(16)).min(1).max(16),
  required: z.boolean().optional(),
});

/** The DCQL query of an authorization request (OpenID4VP 1.0 section 6). */
export const dcqlQuerySchema = z
  .strictObject({
    credentials: z.array(dcqlCredentialQuerySchema).min(1).max(10),
    credential_sets: z.array(dcqlCredentialSetSchema).min(1).max(10).optional(),
  })
  .superRefine((query, context) => {
    const ids = query.credentials.map((credential) => credential.id);
    if (new Set(ids).size !== ids.length) {
      context.addIssue({
        code: 'custom',
        path: ['credentials'],
        message: 'Credential query ids must be unique',
      });
    }
    const unknown = (query.credential_sets ?? []).some((set) =>
      set.options.some((option) => option.some((id) => !ids.includes(id))),
    );
    if (unknown) {
      context.addIssue({
        code: 'custom',
        path: ['credential_sets'],
        message: 'credential_sets may only name ids of the credential queries',
      });
    }
  });
export type DcqlQuery = z.infer<typeof dcqlQuerySchema>;
export type DcqlCredentialQuery = z.infer<typeof dcqlCredentialQuerySchema>;

/** A registered purpose's code, e.g. 'open_savings_account'. */
export const purposeCodeSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9_]+$/, 'A purpose code may only hold a-z, 0-9 and _');

/** POST /verifier/requests body. */
export const createVerifierRequestBodySchema = z.strictObject({
  /** The code of one of the verifier's registered purposes. */
  purpose: purposeCodeSchema,
  dcql_query: dcqlQuerySchema,
});
export type CreateVerifierRequestBody = z.infer<typeof createVerifierRequestBodySchema>;

/** POST /verifier/requests answer (201). */
export const createVerifierRequestAnswerSchema = z.object({
  id: z.string(),
  /** Where the wallet fetches the signed request object (OpenID4VP 1.0 section 5.7). */
  request_uri: z.string(),
  /** `openid4vp://?client_id=...&request_uri=...` for a QR code or a link to a wallet app. */
  openid4vp_url: z.string(),
  /** The product's own wallet page with the same query. */
  wallet_url: z.string(),
  /** ISO 8601; the request is answered before this or it expires. */
  expires_at: z.string(),
});
export type CreateVerifierRequestAnswer = z.infer<typeof createVerifierRequestAnswerSchema>;

/**
 * The lifecycle of a verifier request. A request is answered by one holder, with one
 * presentation that passes every check: nothing else ends it. An error answer (a wallet's
 * `error=access_denied`, which anyone holding the QR code could post) is listed under
 * `wallet_errors` and the request stays pending; a presentation that fails a check is refused
 * and changes nothing (docs/oid4vp.md "The response endpoint").
 */
export const VERIFIER_REQUEST_STATUSES = [
  /** Waiting for the holder's wallet (wallet errors, if any, are in `wallet_errors`). */
  'pending',
  /** The holder shared; every check passed; `credentials` holds the verified claims. */
  'shared',
  /** Not answered before `expires_at`. */
  'expired',
  /**
   * The holder withdrew the consent it was shared under (issue 17): the verified claims are
   * erased (`erased_at`), and a signed withdrawal notice goes to the notification URL.
   */
  'withdrawn',
  /** The consent it was shared under reached the end of its validity: the claims are erased. */
  'consent_expired',
] as const;
export type VerifierRequestStatus = (typeof VERIFIER_REQUEST_STATUSES)[number];

/** The most wallet errors a request keeps: the latest ones (older ones are dropped). */
export const MAX_WALLET_ERRORS = 20;

/** One error answer a wallet posted to a pending request's response URI (OpenID4VP 1.0 8.5). */
export const walletErrorSchema = z.object({
  /** The OAuth error code, e.g. 'access_denied' (the wallet declined). */
  error: z.string(),
  /** The wallet's own text, when it sent one. Written by whoever posted it: not verified. */
  error_description: z.string().optional(),
  /** When it arrived (ISO 8601). */
  received_at: z.string(),
});
export type WalletError = z.infer<typeof walletErrorSchema>;

/** The checks the response endpoint makes on each presentation, in this order. */
export const PRESENTATION_CHECKS = [
  /** Request level (credential_query_id null): the vp_token answers the credential queries the
   * request requires (all of them, or an option of each required credential set), no others. */
  'credentials_requested',
  /** The presentation is a well-formed SD-JWT with a KB-JWT. */
  'format',
  /** `iss` is on the trust list for the credential's `vct`, and its key was found (the list's
   * JWK Set by `kid` for an https `iss`; the did:key or did:jwk `iss` itself). */
  'issuer_trusted',
  /** The issuer's EdDSA (Ed25519) or ES256 (P-256) signature over the SD-JWT, `typ`
   * `dc+sd-jwt` or `vc+sd-jwt`; checked whenever a key was found, trusted or not. */
  'issuer_signature',
  /** Every disclosure is one the issuer signed the digest of (none altered or added). */
  'disclosures_intact',
  /** The KB-JWT is signed by the key in `cnf.jwk` (EdDSA on Ed25519, ES256 on P-256). */
  'holder_binding',
  /** The KB-JWT's nonce is the request's. */
  'nonce',
  /** The KB-JWT's aud is the request's whole client_id. */
  'audience',
  /** The KB-JWT's sd_hash is the hash of the presented SD-JWT. */
  'sd_hash',
  /**
   * The KB-JWT's `iat` is at most 5 minutes before and 1 minute after the verifier's clock (RFC
   * 9901 section 7.3: the verifier decides how recent a key binding must be); failing it answers
   * the problem `kb_jwt_iat_out_of_window`.
   */
  'kb_jwt_iat',
  /** `vct` is one the credential query asked for. */
  'credential_type',
  /** No claim beyond those the query asked for is disclosed. */
  'claims_within_request',
  /** The claims the query requires are all disclosed (and match `values` when given). */
  'requested_claims_present',
  /** The credential's `nbf` and `exp` hold now. */
  'not_expired',
  /** @sd-jwt/sd-jwt-vc's own verification (signatures, time claims, KB-JWT, sd_hash) agrees. */
  'sd_jwt_vc_valid',
  /**
   * The issuer's status list (IETF Token Status List, `status.status_list`) says valid; made
   * only for a credential with a status entry. Failing it answers the problem
   * `credential_revoked`, `credential_suspended` or `status_unknown`.
   */
  'credential_status',
] as const;
export type PresentationCheckName = (typeof PRESENTATION_CHECKS)[number];

export const presentationCheckSchema = z.object({
  /** The DCQL credential query id the presentation answered; null for a request-level check. */
  credential_query_id: z.string().nullable(),
  check: z.string(),
  passed: z.boolean(),
});
export type PresentationCheck = z.infer<typeof presentationCheckSchema>;

/** One verified credential of a shared answer. */
export const verifiedCredentialSchema = z.object({
  vct: z.string(),
  /** The SD-JWT's `iss`: a DID (the product's issuers: did:key) or an https Credential Issuer
   * Identifier. */
  issuer: z.string(),
  /** The issuer's name, e.g. 'UIDAI'. */
  issuer_name: z.string().nullable(),
  /** The disclosed claims, by name. */
  claims: z.record(z.string(), z.unknown()),
});
export type VerifiedCredential = z.infer<typeof verifiedCredentialSchema>;

/** GET /verifier/requests/{id} answer. */
export const verifierRequestAnswerSchema = z.object({
  id: z.string(),
  /** The same addresses POST /verifier/requests answered, to show the QR code again. */
  request_uri: z.string(),
  openid4vp_url: z.string(),
  wallet_url: z.string(),
  purpose: z.string(),
  status: z.enum(VERIFIER_REQUEST_STATUSES),
  created_at: z.string(),
  expires_at: z.string(),
  /** When the wallet's response came; null while pending or expired. */
  answered_at: z.string().nullable(),
  /** Once shared: the verified claims per DCQL credential query id. */
  credentials: z.record(z.string(), z.array(verifiedCredentialSchema)).nullable(),
  /** Once shared: every check made on the accepted presentation (all passed). */
  checks: z.array(presentationCheckSchema).nullable(),
  /**
   * The error answers wallets posted while the request was pending, oldest first (at most
   * MAX_WALLET_ERRORS, the latest). None of them ended the request: anyone holding its QR code
   * can post one, so they are what a wallet said, not the holder's decision.
   */
  wallet_errors: z.array(walletErrorSchema),
  /** SHA-256 (hex) of the vp_token received (issue 17); null until shared. */
  vp_token_sha256: z.string().nullable().optional(),
  /**
   * The holder's consent receipts for this request (issue 17): the verifier's copy of the
   * approval (or refusal), and of a later withdrawal or expiry, oldest first.
   */
  consent_receipts: z.array(verifierConsentReceiptSchema).optional(),
  /**
   * When the verified claims were erased: the consent ended (withdrawn or consent_expired), or
   * the organisation resolved the holder's erasure request (the status stays shared).
   * `credentials` is null from then on. Null while they are held.
   */
  erased_at: z.string().nullable(),
  /**
   * The holder's consent this request was answered under, when the holder's wallet is this
   * product (issue 17): its status, validity and how often it was used (a presentation verified,
   * a share link opened under it). Found by the digest of the accepted vp_token (the approval
   * receipt's presentation_sha256), so only the holder whose presentation was accepted is
   * linked. Null otherwise.
   */
  consent: z
    .object({
      status: z.enum(['approved', 'withdrawn', 'expired']),
      valid_until: z.string().nullable(),
      withdrawn_at: z.string().nullable(),
      uses: z.number().int().nonnegative(),
      last_used_at: z.string().nullable(),
    })
    .nullable(),
});
export type VerifierRequestAnswer = z.infer<typeof verifierRequestAnswerSchema>;

/** The statuses GET /verifier/requests filters by (`?status=`). */
export const verifierRequestStatusSchema = z.enum(VERIFIER_REQUEST_STATUSES);

/** The default and largest page of GET /verifier/requests. */
export const VERIFIER_REQUESTS_PAGE = { default: 20, max: 100 } as const;

/**
 * GET /verifier/requests query: the organisation's requests, newest first. `status` filters
 * (pending means not yet past expires_at; expired means pending past it); `cursor` is the
 * `next_cursor` of the page before; `limit` the page size.
 */
export const verifierRequestListQuerySchema = z.strictObject({
  status: verifierRequestStatusSchema.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(VERIFIER_REQUESTS_PAGE.max)
    .default(VERIFIER_REQUESTS_PAGE.default),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor must be a next_cursor the API answered')
    .optional(),
});
export type VerifierRequestListQuery = z.infer<typeof verifierRequestListQuerySchema>;

/** GET /verifier/requests answer: one page, newest first, each as GET /verifier/requests/{id}. */
export const verifierRequestListSchema = z.object({
  requests: z.array(verifierRequestAnswerSchema),
  /** How many are on this page. */
  count: z.number().int().nonnegative(),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type VerifierRequestList = z.infer<typeof verifierRequestListSchema>;

/** One registered purpose of a verifier, as GET /verifier/me lists it. */
export const verifierPurposeSchema = z.object({
  /** The purpose's code, sent as `purpose` in POST /verifier/requests. */
  code: purposeCodeSchema,
  /** The purpose as the holder reads it, in English. */
  text: z.string(),
  /** The purpose in Hindi. */
  text_hi: z.string(),
  /** How long the verifier keeps what it receives, in days. */
  retention_days: z.number().int().positive(),
  /** Document type key (e.g. 'pan') -> the claim names the purpose may ask for (DPDP Act s.6(1)). */
  claims: z.record(z.string(), z.array(z.string())),
});
export type VerifierPurpose = z.infer<typeof verifierPurposeSchema>;

/**
 * GET /verifier/me answer: the organisation the API key belongs to and its registered purposes
 * (by code), so a portal can offer only what the verifier may ask for.
 */
export const verifierOrganisationSchema = z.object({
  /** e.g. 'verifier-sbi'. */
  id: z.string(),
  /** e.g. 'State Bank of India'. */
  name: z.string(),
  /** Where a data principal sends a grievance (DPDP Act s.8(10)). */
  grievance_contact: z.string(),
  /** The organisation's did:key (its client_id is 'decentralized_identifier:' + did). */
  did: z.string(),
  purposes: z.array(verifierPurposeSchema),
  /**
   * Where the wallet posts signed withdrawal notices (RFC 8935 push delivery of an RFC 8417
   * Security Event Token; docs/oid4vp.md "Withdrawal notices"); null when none is registered.
   */
  notification_url: z.string().nullable(),
  /** The did:key whose key signs those notices (their `iss`), to pin. */
  wallet_did: z.string(),
});
export type VerifierOrganisation = z.infer<typeof verifierOrganisationSchema>;
