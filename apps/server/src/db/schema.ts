/**
 * The database schema (Drizzle, PostgreSQL dialect: PGlite and PostgreSQL run the same
 * migrations, DECISIONS 5). Column names are snake_case; every instant is a timestamptz set from
 * the app's clock (AppConfig.now), never the database's, so tests can move time.
 *
 * Secrets at rest: Aadhaar numbers (UIDAI's Aadhaar Data Vault rule, DECISIONS 5) and the
 * credential documents that contain them are AES-256-GCM ciphertext (src/lib/vault.ts); session
 * tokens and OTP codes are stored only as hashes (DECISIONS 3).
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Holders (SPEC 3 User). The ten sample users are seeded (src/db/seed.ts). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** AES-256-GCM ciphertext of the 12 digits (vault format, AAD = 'aadhaar:' + id). */
    aadhaarCiphertext: text('aadhaar_ciphertext').notNull(),
    /** HMAC-SHA256 of the 12 digits under the vault's lookup key, hex: finds a user by Aadhaar. */
    aadhaarHmac: text('aadhaar_hmac').notNull(),
    /** The last 4 digits, enough for the masked form "XXXX XXXX 0125". */
    aadhaarLast4: text('aadhaar_last4').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    /** ISO date, YYYY-MM-DD. */
    dateOfBirth: text('date_of_birth').notNull(),
    gender: text('gender').notNull(),
    address: text('address').notNull(),
    ckycNumber: text('ckyc_number').notNull(),
    panNumber: text('pan_number').notNull(),
    voterId: text('voter_id').notNull(),
    drivingLicense: text('driving_license').notNull(),
    passportNumber: text('passport_number').notNull(),
    placeOfBirth: text('place_of_birth').notNull(),
    fatherName: text('father_name').notNull(),
    motherName: text('mother_name').notNull(),
    birthRegistrationNumber: text('birth_registration_number').notNull(),
    tenthRollNumber: text('tenth_roll_number').notNull(),
    twelfthRollNumber: text('twelfth_roll_number').notNull(),
    constituency: text('constituency').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    profilePhoto: text('profile_photo'),
    createdAt: instant('created_at').notNull(),
    /** Chosen on the profile screen, unique: lower case, 3-30 of a-z 0-9 . _ -; null = none. */
    username: text('username'),
    /** Free text of the profile screen, at most 500 characters; null = none. */
    bio: text('bio'),
    /**
     * How the holder wants to be greeted (profile screen, at most 100 characters); null = by the
     * name their credentials carry. The identity fields above are the issuers' and not edited.
     */
    displayName: text('display_name'),
    /** The last profile Save; null while the holder never edited the profile. */
    profileUpdatedAt: instant('profile_updated_at'),
    /**
     * The optional account password (Settings › Security, a second factor at sign-in): a PHC
     * string of scrypt (src/lib/password-hash.ts), never the password; null = none set.
     */
    passwordHash: text('password_hash'),
    passwordUpdatedAt: instant('password_updated_at'),
    /**
     * Delete Account (DPDP Act s.12): when it was asked for, and when the erasure runs unless the
     * holder signs in before (accounts/erase-due-accounts.ts); null = not asked.
     */
    deletionRequestedAt: instant('deletion_requested_at'),
    deletionDueAt: instant('deletion_due_at'),
  },
  (t) => [
    uniqueIndex('users_aadhaar_hmac_idx').on(t.aadhaarHmac),
    index('users_phone_idx').on(t.phone),
    uniqueIndex('users_username_idx').on(t.username),
  ],
);

/**
 * Issued credentials. `document_ciphertext` holds the W3C VC 2.0 document (JSON) encrypted with
 * the vault (AAD = 'credential:' + id), since an Aadhaar credential carries the full number. The
 * screen record is derived from it (src/lib/records.ts), never stored twice.
 */
export const credentials = pgTable(
  'credentials',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Catalogue key (DocumentTypeKey), e.g. 'pan'. */
    documentType: text('document_type').notNull(),
    documentCiphertext: text('document_ciphertext').notNull(),
    issuedAt: instant('issued_at').notNull(),
    /** null = never expires. */
    expiresAt: instant('expires_at'),
    permanent: boolean('permanent').notNull().default(false),
    lastViewed: instant('last_viewed'),
    /** Display order set by the holder (PUT .../credentials/order); null = by issuance. */
    position: integer('position'),
    /**
     * The same issuance as an SD-JWT VC (DECISIONS D7.2; draft-ietf-oauth-sd-jwt-vc, compact
     * form with every disclosure), encrypted with the vault (AAD = 'sd-jwt:' + id), since its
     * disclosures hold the subject claims. Issued with the document; null for a credential
     * issued before SD-JWT VCs existed, issued on first use (wallet/issue-sd-jwt-vc.ts).
     */
    sdJwtCiphertext: text('sd_jwt_ciphertext'),
    /**
     * Whether the bare link /verify/{id} answers (SPEC 2 opens it to anyone with the id;
     * DECISIONS 9.6: the holder may turn it off, PUT .../credentials/{id}/public-link). Off: 410
     * link_disabled.
     */
    publicLink: boolean('public_link').notNull().default(true),
    /**
     * For a card received over OpenID4VCI (Add Credentials, or a trusted ldp_vc of an accepted
     * offer): what the wallet needs to tell the issuer `credential_deleted` (OpenID4VCI 1.0
     * section 11: notification endpoint, notification ids, access token), vault-encrypted as
     * received_credentials.exchange_ciphertext (AAD = 'credential-exchange:' + id). null: the
     * issuer gave no notification endpoint, or the card predates it.
     */
    issuerExchangeCiphertext: text('issuer_exchange_ciphertext'),
    /**
     * The credential's status as the wallet last saw it at its issuer's status list (SPEC 8
     * "status entry"; IETF Token Status List and W3C Bitstring Status List, the worst of both
     * forms): 'valid' | 'suspended' | 'revoked' | 'unknown'. 'unknown' with `status_checked_at`
     * null = never checked yet (wallet/check-credential-status.ts, the only writer).
     */
    statusValue: text('status_value').notNull().default('unknown'),
    /** When the status was last checked; null = never. */
    statusCheckedAt: instant('status_checked_at'),
    /** When the next check is due (check time + the list's ttl); null = due now. */
    statusDueAt: instant('status_due_at'),
    /**
     * The last status seen that was not 'unknown' (null = none yet): a status change is logged
     * against it, so a list unreachable for a while is not news when it answers the same again.
     */
    statusKnownValue: text('status_known_value'),
  },
  // SPEC 5: one credential per document type per holder, enforced by the database too.
  (t) => [
    uniqueIndex('credentials_user_type_idx').on(t.userId, t.documentType),
    index('credentials_user_issued_idx').on(t.userId, t.issuedAt),
    // The daily status check picks the rows whose check is due (wallet/check-due-credential-statuses.ts).
    index('credentials_status_due_idx').on(t.statusDueAt),
  ],
);

/** SPEC 3 consent requests from data fiduciaries to the holder. */
export const consentRequests = pgTable(
  'consent_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requester: text('requester').notNull(),
    purpose: text('purpose').notNull(),
    /** SPEC 3 field labels, e.g. ["Name", "Aadhaar"]. */
    fields: jsonb('fields').$type<string[]>().notNull(),
    requestedAt: instant('requested_at').notNull(),
    /**
     * 'pending' | 'approved' | 'rejected' (SPEC 4's decision, final), then for an approved one
     * 'withdrawn' or 'expired' (issue 17, DECISIONS 7).
     */
    status: text('status').notNull().default('pending'),
    /** The decision's time and decider (SPEC 4); a later withdrawal keeps them. */
    statusUpdatedAt: instant('status_updated_at'),
    statusUpdatedBy: text('status_updated_by'),
    lastViewed: instant('last_viewed'),
    /**
     * Days an approval stays valid (issue 17): the registered purpose's retention for a
     * verifier's request, else core's DEFAULT_CONSENT_VALIDITY_DAYS; null on rows older than it
     * (read as the default).
     */
    validityDays: integer('validity_days'),
    /** The approved consent's end: decision time + validity_days; null until approved. */
    validUntil: instant('valid_until'),
    /** When the holder was reminded that it ends soon (once per consent). */
    expiryRemindedAt: instant('expiry_reminded_at'),
    /** The withdrawal's time and actor (the holder's user id); null unless withdrawn. */
    withdrawnAt: instant('withdrawn_at'),
    withdrawnBy: text('withdrawn_by'),
    /** Uses of the consent: a presentation verified, a share link opened under it. */
    uses: integer('uses').notNull().default(0),
    lastUsedAt: instant('last_used_at'),
  },
  (t) => [
    index('consent_requests_user_idx').on(t.userId, t.requestedAt),
    // The expiry sweep (consent/expire-consents.ts) reads approved consents by their end.
    index('consent_requests_valid_until_idx').on(t.status, t.validUntil),
  ],
);

/**
 * The OpenID4VP 1.0 side of a consent request that came as a verifier's authorization request
 * (issue 16, docs/oid4vp.md), one row per such consent request (deleted with it). The SPEC 3
 * row holds requester, purpose, fields and status; this row holds what answering needs.
 * (user_id, client_id, nonce) is unique: a link the holder already received is refused (replay).
 */
export const presentationRequests = pgTable(
  'presentation_requests',
  {
    consentRequestId: text('consent_request_id')
      .primaryKey()
      .references(() => consentRequests.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The verifier's whole client_id, prefix included ('decentralized_identifier:did:key:…'). */
    clientId: text('client_id').notNull(),
    /** The request's nonce (the KB-JWT's `nonce`). */
    nonce: text('nonce').notNull(),
    /**
     * The validated authorization request (lib/oid4vp AuthorizationRequest, `expiresAt` as an
     * ISO string): response_uri, state, dcql_query, verified... what the answer is built from.
     */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    /** What the consent screen shows (core's ConsentPresentation; `held` is recomputed on read). */
    presentation: jsonb('presentation').$type<Record<string, unknown>>().notNull(),
    /** The request's `exp`, else 10 minutes after it arrived; it cannot be approved after. */
    expiresAt: instant('expires_at').notNull(),
    /**
     * A seeded SPEC 3 request made real (consent/link-seeded-consent-requests.ts): the product's
     * own verifier request it answers, in-process (docs/oid4vp.md "Seeded requests"); null for a
     * request that came from a link. Set null if that verifier request is deleted.
     */
    verifierRequestId: text('verifier_request_id').references(() => verifierRequests.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('presentation_requests_replay_idx').on(t.userId, t.clientId, t.nonce),
    // The verifier's view reads the consent its request was answered under (issue 17).
    index('presentation_requests_verifier_request_idx').on(t.verifierRequestId),
  ],
);

/**
 * SPEC 3 activity log: only real events are written (no seeded entries). Tamper-evident (issue
 * 17): each holder's entries form a hash chain in `seq` order, `hash` = SHA-256 of the entry's
 * canonical JSON including `prev_hash`, the previous entry's hash (lib/activity-chain.ts). Rows
 * written before the chain existed have null seq/hash until chained (on the holder's next write,
 * and at start-up). Kept at least ACTIVITY_LOG_RETENTION_DAYS (DPDP Rules 2025, rule 6).
 */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of core's ACTIVITY_TYPES. */
    type: text('type').notNull(),
    description: text('description').notNull(),
    /** What `description` says as a code (core's ACTIVITY_MESSAGE_CODES), for the holder's language. */
    messageCode: text('message_code'),
    /** The code's parameters (core's activityMessageParamsSchema). */
    messageParams: jsonb('message_params').$type<Record<string, string | number>>(),
    timestamp: instant('timestamp').notNull(),
    lastViewed: instant('last_viewed'),
    /** 1, 2, ... per holder: the chain's order (timestamps may be out of order: offline entries). */
    seq: integer('seq'),
    /** SHA-256 (hex) of the holder's entry seq - 1; null for seq 1. */
    prevHash: text('prev_hash'),
    /** SHA-256 (hex) of this entry's canonical JSON (lib/activity-chain.ts). */
    hash: text('hash'),
    /**
     * Who wrote the entry: 'server' or 'holder' (core's ACTIVITY_WRITERS). Rows from before the
     * column hold what lib/activity-chain.ts's legacyWriterOf gives for their type.
     */
    writtenBy: text('written_by').notNull().default('server'),
  },
  (t) => [
    index('activity_logs_user_time_idx').on(t.userId, t.timestamp),
    // One entry per place in the chain: a second writer that read the same head cannot fork it.
    uniqueIndex('activity_logs_user_seq_idx').on(t.userId, t.seq),
  ],
);

/**
 * Sessions (DECISIONS 3). The bearer token itself is never stored: `token_hash` is its SHA-256
 * (hex). A session ends at min(last_used_at + idle_minutes, absolute_expires_at) or when revoked;
 * `idle_minutes` is the holder's Session timeout (Settings › Security, 30 by default).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'demo' for the demo accounts, 'user' after a real OTP (the answer's user.type). */
    kind: text('kind').notNull(),
    createdAt: instant('created_at').notNull(),
    lastUsedAt: instant('last_used_at').notNull(),
    absoluteExpiresAt: instant('absolute_expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    /** The browser's User-Agent at login, cut to 200 characters, so the holder can tell sessions apart. */
    userAgent: text('user_agent'),
    /** Minutes without use after which the session ends (the holder's Session timeout). */
    idleMinutes: integer('idle_minutes').notNull().default(30),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/**
 * The devices a holder has signed in on (Login notifications): the vault's keyed hash of the
 * browser's device id (or, for a client that sends none, of its User-Agent). A sign-in whose
 * device has no row is a new device.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: instant('first_seen_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * The holders' passkeys (W3C WebAuthn; @simplewebauthn/server): two-factor authentication after
 * the OTP and biometric unlock of a locked app. `id` is the credential id (base64url); the public
 * key is its COSE key (base64url). Public material only: nothing here signs anything.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (WebAuthn 6.1.1); 0 when it keeps none. */
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    /** 'singleDevice' | 'multiDevice' (backup eligibility). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    /** 'platform' | 'cross-platform' as the browser reported it; null when it did not. */
    attachment: text('attachment'),
    createdAt: instant('created_at').notNull(),
    lastUsedAt: instant('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * The recovery codes of two-factor authentication (core's RECOVERY_CODE_COUNT per set; docs/
 * security.md "Recovery codes"): each signs in once in place of the passkey. Only a keyed hash
 * of each is kept: HMAC-SHA256 under the vault's lookup key of 'recovery-code:<user id>:<code>'
 * (hex). A new set deletes the old one; `used_at` marks a code used.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/**
 * WebAuthn challenges handed out to a signed-in holder (registering a passkey, or confirming
 * that this device holds one of the holder's passkeys for Biometric unlock) or to a locked
 * session (unlock): single use, 5 minutes. The sign-in's second-factor challenge lives in its
 * pending_logins row instead.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'register:any' | 'register:platform' | 'unlock' | 'unlock-adopt'. */
    purpose: text('purpose').notNull(),
    /** The session it was given to (unlock: the locked session). */
    sessionId: text('session_id').notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_session_idx').on(t.sessionId, t.purpose)],
);

/**
 * Sign-ins whose OTP was right and that still owe a second factor (passkey, account password).
 * `token_hash` is the SHA-256 of the login_token handed out; the session is made only when every
 * factor of `factors` is in `done`. 5 minutes, at most 5 wrong factors.
 */
export const pendingLogins = pgTable(
  'pending_logins',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    factors: jsonb('factors').$type<string[]>().notNull(),
    done: jsonb('done').$type<string[]>().notNull(),
    /** The WebAuthn challenge of the passkey factor, once asked for. */
    challenge: text('challenge'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    userAgent: text('user_agent'),
    deviceHash: text('device_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [uniqueIndex('pending_logins_token_hash_idx').on(t.tokenHash)],
);

/**
 * OTP challenges of the real OTP path (DECISIONS 3, OTP_PROVIDER=console): the code is stored as
 * an HMAC, lives 5 minutes, is single use and allows at most 5 wrong tries.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    /** HMAC of the Aadhaar number given at send time, when one was given. */
    aadhaarHmac: text('aadhaar_hmac'),
    codeHmac: text('code_hmac').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: instant('consumed_at'),
  },
  (t) => [index('otp_challenges_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * Consecutive failed OTP logins per login number (login defences; NIST SP 800-63B 5.2.2 "rate
 * limiting"): src/accounts/login-throttle.ts. `key` is the vault's HMAC of the phone number, so
 * numbers nobody registered are counted the same way (identical answers) without being stored.
 * A successful login deletes the row.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  /** Attempts counted since the last success (each attempt is counted before its check). */
  consecutiveFailures: integer('consecutive_failures').notNull(),
  /** No attempt is checked before this instant (the growing delay). */
  nextAttemptAt: instant('next_attempt_at').notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/**
 * The issuers' signing keys (DECISIONS 4): one Ed25519 key pair per SPEC 3 issuer, made on first
 * start. `did` is the did:key of the public key (the trusted-issuer list is these DIDs); the
 * private key is its PKCS#8 DER encrypted with the vault (AAD = 'issuer-key:' + issuer).
 */
export const issuerKeys = pgTable('issuer_keys', {
  /** The issuer's name as in core's ISSUERS, e.g. 'UIDAI'. */
  issuer: text('issuer').primaryKey(),
  did: text('did').notNull().unique(),
  privateKeyCiphertext: text('private_key_ciphertext').notNull(),
  createdAt: instant('created_at').notNull(),
});

/**
 * Issuer organisations' API keys for the W3C VC API issuer (POST /credentials/issue,
 * docs/api-contract.md "W3C VC API issuer"): a key lets its issuer (one of core's ISSUERS) issue
 * as its own DID only. Shown once at creation (`npm run issuer:key -- <issuer>`), stored only as
 * its SHA-256 (hex); `prefix` ('pik_' + 8 hex) names it in lists and logs.
 */
export const issuerApiKeys = pgTable(
  'issuer_api_keys',
  {
    id: text('id').primaryKey(),
    /** The issuer's name as in core's ISSUERS, e.g. 'UIDAI'. */
    issuer: text('issuer')
      .notNull()
      .references(() => issuerKeys.issuer, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    /** null = valid. */
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('issuer_api_keys_hash_idx').on(t.keyHash)],
);

/**
 * The trust list (DECISIONS 9.3: one list of issuers, their keys and the types each may issue):
 * the issuers whose credentials this deployment trusts, one row per issuer, read by the wallet,
 * the verifier API, /verify and the W3C verify endpoints through lib/trust-list.ts. Written only
 * by src/platform/ (seed-trust-list.ts at every start: the product's issuers; `npm run
 * issuer:trust` through add-trusted-issuer.ts and remove-trusted-issuer.ts).
 */
export const trustedIssuers = pgTable('trusted_issuers', {
  /**
   * The issuer's identifier: an OpenID4VCI Credential Issuer Identifier (an https URL; the
   * product's issuers `{PUBLIC_ORIGIN}/oid4vci/issuers/{slug}`) or a DID.
   */
  identifier: text('identifier').primaryKey(),
  /** Display name per UI language (en, hi, es, fr, de, ja, ta, bn); `en` always present. */
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  /** Its public keys as a JWK Set (RFC 7517 section 5), or null. */
  jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>(),
  /** Where its JWK Set is published (https), or null. */
  jwksUrl: text('jwks_url'),
  /** The DIDs it signs as (`iss` of an SD-JWT VC, `issuer` of a W3C credential). */
  dids: jsonb('dids').$type<string[]>().notNull(),
  /** The document types it may issue: core catalogue keys ('pan') or vct / type URIs. */
  documentTypes: jsonb('document_types').$type<string[]>().notNull(),
  /** 'product': seeded from the product's own issuers, kept in step at start; 'operator'. */
  origin: text('origin').$type<'product' | 'operator'>().notNull(),
  addedAt: instant('added_at').notNull(),
  updatedAt: instant('updated_at').notNull(),
  /**
   * When it was taken off the list (`issuer:trust remove`); null while trusted. Kept as a
   * tombstone so that the start's seeding does not put a removed product issuer back.
   */
  removedAt: instant('removed_at'),
});

/**
 * The holders' key-binding keys (DECISIONS D7.3, docs/adr/0008-holder-keys.md): one Ed25519 key
 * pair per holder, made when their first SD-JWT VC is issued. `public_jwk` is the `cnf.jwk` of
 * their SD-JWT VCs; the private key is its PKCS#8 DER encrypted with the vault (AAD =
 * 'holder-key:' + user id), used only to sign a presentation the holder just approved.
 */
export const holderKeys = pgTable('holder_keys', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The JWS algorithm of the key-binding JWT: 'EdDSA'. */
  alg: text('alg').notNull(),
  /** The public key as a JWK (RFC 8037: { kty: 'OKP', crv: 'Ed25519', x }). */
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  privateKeyCiphertext: text('private_key_ciphertext').notNull(),
  createdAt: instant('created_at').notNull(),
  /**
   * The holder's second key (DECISIONS 9.1, ADR 0008): P-256 for issuers that take ES256 proofs
   * only (UIDAI's Aadhaar SD-JWT profile). Made on first need; null until then. The public key as
   * a JWK ({ kty: 'EC', crv: 'P-256', x, y }); the private key's PKCS#8 DER encrypted with the
   * vault (AAD = 'holder-key:p256:' + user id, distinct from the Ed25519 key's).
   */
  p256PublicJwk: jsonb('p256_public_jwk').$type<Record<string, string>>(),
  p256PrivateKeyCiphertext: text('p256_private_key_ciphertext'),
  p256CreatedAt: instant('p256_created_at'),
});

/**
 * The holder's settings (SPEC 3 and 9): one row per holder who saved them; without a row
 * the holder has core's DEFAULT_SETTINGS. `settings` is the complete object of core's
 * userSettingsSchema (read back leniently with readStoredSettings).
 */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/**
 * What the law requires to be kept of an erased account (DPDP Act s.12(3) and DPDP Rules 2025,
 * rule 6): its security log and consent records, copied here as they were (`record`: the row's
 * columns as JSON) when the account is erased, and deleted at `erase_after` (one year after they
 * happened). No foreign key: the holder's row is gone.
 */
export const retainedRecords = pgTable(
  'retained_records',
  {
    id: text('id').primaryKey(),
    /** The erased holder's id, so a data principal's request can still be answered. */
    userId: text('user_id').notNull(),
    /** 'security_log' | 'consent_record' (core's RETAINED_RECORD_KINDS). */
    kind: text('kind').notNull(),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    occurredAt: instant('occurred_at').notNull(),
    eraseAfter: instant('erase_after').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('retained_records_erase_idx').on(t.eraseAfter)],
);

/**
 * Where data retention cut a holder's activity log (accounts/apply-data-retention.ts): the log is
 * cut only from its oldest end, and each cut records the last entry it removed, so the entries
 * that remain still check from this anchor (a hash-chained log starts from `anchor_hash`).
 */
export const activityLogAnchors = pgTable('activity_log_anchors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The id and time of the newest entry removed so far. */
  lastRemovedId: text('last_removed_id').notNull(),
  lastRemovedAt: instant('last_removed_at').notNull(),
  /** That entry's place in the holder's hash chain (lib/activity-chain.ts); null if unchained. */
  lastRemovedSeq: integer('last_removed_seq'),
  /** That entry's hash: the `prev_hash` the oldest remaining entry must carry. */
  anchorHash: text('anchor_hash'),
  /** Entries removed by retention in all. */
  removedCount: integer('removed_count').notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/**
 * Automatic backup: the key backups are encrypted to (a P-256 JWK) and its private key as a JWE
 * only the holder's passphrase opens (made in the browser; the server never sees the passphrase
 * or the private key).
 */
export const backupKeys = pgTable('backup_keys', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  wrappedPrivateKey: text('wrapped_private_key').notNull(),
  createdAt: instant('created_at').notNull(),
});

/**
 * The encrypted backups (compact JWE of the holder's export), the newest BACKUPS_KEPT. Each keeps
 * the wrapped private key it was made for, so a backup still opens with the passphrase of its
 * day after the holder changes the passphrase.
 */
export const backups = pgTable(
  'backups',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jwe: text('jwe').notNull(),
    wrappedPrivateKey: text('wrapped_private_key').notNull(),
    size: integer('size').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('backups_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Small key/value facts about the database itself: 'seeded_at' (seed once, ever) and
 * 'master_key_check' (refuses to start with a different master key than the data was written with).
 */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/**
 * Idempotency-Key records (IETF draft "The Idempotency-Key HTTP Header Field"; the
 * plugin src/plugins/idempotency.ts). One row per (holder, key): the request's fingerprint
 * (method, path, SHA-256 of the canonical JSON of body and query) and, once answered, the
 * stored answer. `status_code` null means the first request is still in flight (or its process
 * died before answering). Rows older than 24 hours are expired and deleted lazily.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** The URL path without the query string. */
    path: text('path').notNull(),
    /** SHA-256 (hex) of the canonical JSON of { body, query }. */
    bodyHash: text('body_hash').notNull(),
    /** The stored answer's status; null while pending. */
    statusCode: integer('status_code'),
    /** The stored answer's JSON body; null while pending (or for an empty body). */
    responseBody: jsonb('response_body'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Registered verifier organisations (DPDP Act data fiduciaries) that ask holders for claims
 * over OpenID4VP (docs/api-contract.md "Verifiers (OpenID4VP)"). Each signs its authorization
 * requests with its own Ed25519 key: `did` is the did:key of the public key (its client_id is
 * 'decentralized_identifier:' + did); the private key is its PKCS#8 DER encrypted with the vault
 * (AAD = 'verifier-key:' + id). The SPEC 3 requesters are seeded (src/db/seed.ts seedVerifiers);
 * `npm run verifier:add` registers others.
 */
export const verifiers = pgTable('verifiers', {
  /** 'verifier-' + a slug or random hex, e.g. 'verifier-sbi'. */
  id: text('id').primaryKey(),
  /** The organisation's name as the holder sees it, e.g. 'State Bank of India'. */
  name: text('name').notNull().unique(),
  /** Where a data principal sends a grievance (DPDP Act s.8(10)): an e-mail address or URL. */
  grievanceContact: text('grievance_contact').notNull(),
  did: text('did').notNull().unique(),
  privateKeyCiphertext: text('private_key_ciphertext').notNull(),
  createdAt: instant('created_at').notNull(),
  /**
   * Where signed withdrawal notices are posted (issue 17; docs/oid4vp.md "Withdrawal notices"):
   * an https URL (http on loopback only where the wallet allows loopback); null = none.
   */
  notificationUrl: text('notification_url'),
});

/**
 * A verifier's registered purposes (DPDP Act s.5 and s.6(1): consent is for a specified purpose
 * and limited to the data necessary for it). A request names one purpose and may only ask for
 * the claims registered for it, per document type.
 */
export const verifierPurposes = pgTable(
  'verifier_purposes',
  {
    verifierId: text('verifier_id')
      .notNull()
      .references(() => verifiers.id, { onDelete: 'cascade' }),
    /** Stable code, a-z 0-9 _, e.g. 'open_savings_account'. */
    code: text('code').notNull(),
    /** The purpose as the holder reads it, in English. */
    textEn: text('text_en').notNull(),
    /** The purpose in Hindi. */
    textHi: text('text_hi').notNull(),
    /** DocumentTypeKey -> the claim names (credentialSubject names) the purpose may ask for. */
    claims: jsonb('claims').$type<Record<string, string[]>>().notNull(),
    /**
     * Claim name -> why the purpose needs it, in English and Hindi (`{ en, hi }`), shown beside
     * the field on the holder's consent card (DPDP Act s.5(1)); a claim without one shows
     * "No reason given".
     */
    claimReasons: jsonb('claim_reasons')
      .$type<Record<string, { en: string; hi: string }>>()
      .notNull()
      .default({}),
    /** How long the verifier keeps the data it receives, in days. */
    retentionDays: integer('retention_days').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.verifierId, t.code] })],
);

/**
 * A verifier's API keys. The key is shown once at creation and stored only as its SHA-256 (hex);
 * `prefix` (its first 12 characters, 'pvk_' + 8 hex) names it in lists and logs.
 */
export const verifierApiKeys = pgTable(
  'verifier_api_keys',
  {
    id: text('id').primaryKey(),
    verifierId: text('verifier_id')
      .notNull()
      .references(() => verifiers.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    /** null = valid. */
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('verifier_api_keys_hash_idx').on(t.keyHash)],
);

/**
 * OpenID4VP authorization requests of a verifier and their outcome. `status`: 'pending',
 * 'shared', 'withdrawn', 'consent_expired' ('expired' is derived: pending past `expires_at`).
 * Only a presentation that passes every check answers a request: then `checks` lists them and
 * `claims_ciphertext` holds the verified claims per DCQL credential query id (personal data:
 * JSON encrypted with the vault, AAD = 'verifier-request:' + id). Error answers only add to
 * `wallet_errors`; a presentation that fails a check is not stored.
 */
export const verifierRequests = pgTable(
  'verifier_requests',
  {
    /** 'vpreq-' + 32 hex (128 random bits): it is in the public request_uri and response_uri. */
    id: text('id').primaryKey(),
    verifierId: text('verifier_id')
      .notNull()
      .references(() => verifiers.id, { onDelete: 'cascade' }),
    purposeCode: text('purpose_code').notNull(),
    dcqlQuery: jsonb('dcql_query').$type<Record<string, unknown>>().notNull(),
    /** 128 random bits, base64url: the KB-JWT must carry it. */
    nonce: text('nonce').notNull(),
    /** 128 random bits, base64url: the response must echo it. */
    state: text('state').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    status: text('status').notNull().default('pending'),
    answeredAt: instant('answered_at'),
    claimsCiphertext: text('claims_ciphertext'),
    /** [{ credential_query_id, check, passed }] (core's presentationCheckSchema). */
    checks:
      jsonb('checks').$type<
        { credential_query_id: string | null; check: string; passed: boolean }[]
      >(),
    /**
     * The error answers wallets posted while pending, oldest first, the latest
     * MAX_WALLET_ERRORS (core): [{ error, error_description?, received_at }]. They never end
     * the request (anyone holding its QR code can post one).
     */
    /**
     * No longer written: an error answer no longer ends a request. It held 'access_denied' (or
     * another wallet error, or 'presentation_invalid') of requests ended before wallet_errors;
     * migration 0017 moved those into wallet_errors.
     */
    error: text('error'),
    walletErrors: jsonb('wallet_errors')
      .$type<{ error: string; error_description?: string; received_at: string }[]>()
      .notNull()
      .default([]),
    /**
     * SHA-256 (hex) of the `vp_token` form value received (issue 17): the holder's consent
     * receipt carries the same digest of the presentation its wallet sent.
     */
    vpTokenSha256: text('vp_token_sha256'),
    /**
     * When the verified claims were erased: the holder's consent ended (status 'withdrawn' or
     * 'consent_expired', issue 17), or the organisation resolved the holder's erasure request
     * (status stays 'shared'); claims_ciphertext is null from then on.
     */
    erasedAt: instant('erased_at'),
  },
  (t) => [
    index('verifier_requests_verifier_idx').on(t.verifierId, t.createdAt),
    // The consent a request was answered under is found by this digest (its approval receipt).
    index('verifier_requests_vp_token_idx').on(t.vpTokenSha256),
  ],
);

/**
 * Share links (docs/api-contract.md "Share links"): one credential, the subject fields its holder
 * chose to disclose, a lifetime and an optional view limit. The id (128 random bits, 'share-' +
 * 32 hex) is the only access control of `/verify/{id}`. Deleting the credential deletes its
 * shares. Rows are kept after expiry or withdrawal so the holder sees their history.
 */
export const shares = pgTable(
  'shares',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id')
      .notNull()
      .references(() => credentials.id, { onDelete: 'cascade' }),
    /** The disclosed credentialSubject field names, e.g. ["name", "date_of_birth"]. */
    fields: jsonb('fields').$type<string[]>().notNull(),
    /**
     * The identity numbers among `fields` the link shows in full (DECISIONS 9.6); every other one
     * is shown masked. Links made before the choice existed show none in full.
     */
    fullValues: jsonb('full_values').$type<string[]>().notNull().default([]),
    createdAt: instant('created_at').notNull(),
    /** After this instant the link answers 'Credential expired' (410 share_expired). */
    expiresAt: instant('expires_at').notNull(),
    /** null = no limit; a view past it is refused (410 share_used_up). */
    maxViews: integer('max_views'),
    /** Views answered so far (each successful GET of the link counts one). */
    views: integer('views').notNull().default(0),
    /** Set when the holder withdraws the link (410 share_withdrawn from then on). */
    withdrawnAt: instant('withdrawn_at'),
    /**
     * When the holder's activity log recorded that the link's lifetime ended (share_expired), so
     * that it is recorded once (wallet/log-expired-shares.ts). Links already expired when the
     * column came count as recorded at their expiry.
     */
    expiryLoggedAt: instant('expiry_logged_at'),
    /**
     * The approved consent the link was made under (issue 17): its views count as the consent's
     * uses, and withdrawing or expiry of the consent withdraws the link. Null: a plain link.
     */
    consentRequestId: text('consent_request_id').references(() => consentRequests.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('shares_user_created_idx').on(t.userId, t.createdAt),
    index('shares_credential_idx').on(t.credentialId),
    index('shares_consent_idx').on(t.consentRequestId),
  ],
);

/**
 * The wallet's own signing keys (issue 17), one Ed25519 key per use, made on first use and kept
 * like the issuers' (PKCS#8 DER encrypted by the vault, AAD 'wallet-key:' + purpose). Purpose
 * 'withdrawal-notice': the key whose did:key is the `iss` of every withdrawal notice.
 */
export const walletKeys = pgTable('wallet_keys', {
  purpose: text('purpose').primaryKey(),
  did: text('did').notNull().unique(),
  privateKeyCiphertext: text('private_key_ciphertext').notNull(),
  createdAt: instant('created_at').notNull(),
});

/**
 * The durable outbox of withdrawal notices (issue 17; docs/oid4vp.md "Withdrawal notices"): one
 * row per withdrawn consent whose verifier registered a notification URL, written in the
 * withdrawal's transaction, delivered by the server (consent/deliver-withdrawal-notices.ts)
 * with retries and backoff. `notice` is the signed Security Event Token, made once, so every
 * attempt posts the same bytes (its `jti` lets the verifier drop a repeat).
 */
export const withdrawalNotices = pgTable(
  'withdrawal_notices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentRequestId: text('consent_request_id')
      .notNull()
      .references(() => consentRequests.id, { onDelete: 'cascade' }),
    verifierId: text('verifier_id')
      .notNull()
      .references(() => verifiers.id, { onDelete: 'cascade' }),
    /** The notification URL at the time of the withdrawal. */
    url: text('url').notNull(),
    /** The compact JWS (typ secevent+jwt). */
    notice: text('notice').notNull(),
    /** 'pending' (to send, or being sent) | 'delivered' | 'failed' (gave up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A pending row is sent at or after this; a sender claims it by moving it later (lease). */
    nextAttemptAt: instant('next_attempt_at').notNull(),
    lastAttemptAt: instant('last_attempt_at'),
    /** Why the last attempt failed: an HTTP status ('http_503'), an RFC 8935 `err`, or a code. */
    lastError: text('last_error'),
    deliveredAt: instant('delivered_at'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('withdrawal_notices_consent_idx').on(t.consentRequestId),
    index('withdrawal_notices_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Consent receipts (issue 17; ISO/IEC TS 27560 with DPV, core's consent/receipt.ts): one per
 * decision (approved, rejected) and later state (withdrawn, expired) of a holder's consent
 * request, issued as a W3C VC by the wallet's consent registry key. `document` is the signed
 * receipt as issued (it holds claim names and a pseudonymous data principal id, never values or
 * an Aadhaar number); the id ('receipt-' + 32 hex, 128 random bits) is the capability of its
 * public URL. Kept when the consent request is deleted or reset (the holder's record).
 * `verifier_request_id` is the registered verifier's own request the consent answered, so the
 * verifier gets its copy with the presentation.
 */
export const consentReceipts = pgTable(
  'consent_receipts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentRequestId: text('consent_request_id').references(() => consentRequests.id, {
      onDelete: 'set null',
    }),
    /** 'approved' | 'rejected' | 'withdrawn' | 'expired' (core's CONSENT_RECEIPT_EVENTS). */
    event: text('event').notNull(),
    /** The data fiduciary's name as the receipt names it. */
    dataFiduciary: text('data_fiduciary').notNull(),
    /** The registered verifier organisation, when the data fiduciary is one. */
    verifierId: text('verifier_id').references(() => verifiers.id, { onDelete: 'set null' }),
    verifierRequestId: text('verifier_request_id').references(() => verifierRequests.id, {
      onDelete: 'set null',
    }),
    /** SHA-256 (hex) of the vp_token disclosed; null when nothing was disclosed. */
    presentationSha256: text('presentation_sha256'),
    issuedAt: instant('issued_at').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('consent_receipts_user_idx').on(t.userId, t.issuedAt),
    index('consent_receipts_consent_idx').on(t.consentRequestId),
    index('consent_receipts_verifier_request_idx').on(t.verifierRequestId),
    // A verifier request's receipts are those naming the digest of the vp_token it accepted.
    index('consent_receipts_presentation_idx').on(t.presentationSha256),
  ],
);

/**
 * A data principal's requests to a data fiduciary about one consent (issue 17): a grievance
 * (DPDP Act s.13) or an erasure request (s.12(3)). The organisation (a registered verifier)
 * reads them in the verifier portal and marks them resolved; it knows the holder only by the
 * pseudonymous `data_principal` id of the consent's receipts.
 */
export const rightsRequests = pgTable(
  'rights_requests',
  {
    /** 'rights-' + 32 hex. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verifierId: text('verifier_id')
      .notNull()
      .references(() => verifiers.id, { onDelete: 'cascade' }),
    /** 'grievance' | 'erasure'. */
    kind: text('kind').notNull(),
    consentRequestId: text('consent_request_id').references(() => consentRequests.id, {
      onDelete: 'set null',
    }),
    receiptId: text('receipt_id').references(() => consentReceipts.id, { onDelete: 'set null' }),
    /** The data principal's pseudonymous id for this organisation (from the receipt). */
    dataPrincipal: text('data_principal').notNull(),
    /** The consent's purpose as the holder read it. */
    purpose: text('purpose').notNull(),
    message: text('message').notNull(),
    /** 'open' | 'resolved'. */
    status: text('status').notNull().default('open'),
    createdAt: instant('created_at').notNull(),
    resolvedAt: instant('resolved_at'),
    resolutionNote: text('resolution_note'),
    /**
     * A resolved erasure request: what was erased ({ erased_at, claims: [names] }) or
     * { nothing_held: true } (core's rightsRequestErasureSchema); null otherwise.
     */
    erasure: jsonb('erasure').$type<
      { erased_at: string; claims: string[] } | { nothing_held: true }
    >(),
  },
  (t) => [
    index('rights_requests_user_idx').on(t.userId, t.createdAt),
    index('rights_requests_verifier_idx').on(t.verifierId, t.createdAt),
  ],
);

// --- OpenID4VCI 1.0 Credential Issuer (the product's issuers; docs/oid4vci.md "Receiving from
// the product's issuers"). Written only by src/issuer/.

/**
 * Credential offers an issuer organisation made through POST /issuer/offers (OpenID4VCI 1.0
 * section 4.1, pre-authorized code grant). `id` (128 random bits) is the public offer URI's last
 * segment. The pre-authorized code is looked up by its keyed hash and kept encrypted for the offer
 * URI; the optional 6-digit transaction code is stored only as a keyed hash (vault.lookupHmac of
 * offer id and code: a 6-digit code needs the key, not just SHA-256). `claims` is the
 * credentialSubject to issue, AES-256-GCM ciphertext (AAD 'oid4vci-offer:' + id): it holds
 * identity numbers. The code is single use (`redeemed_at`); `tx_code_failures` wrong codes kill
 * the offer at the limit. Redeeming mints one access token (`access_token_hash`, SHA-256) for the
 * credential, deferred and notification endpoints.
 */
export const oid4vciOffers = pgTable(
  'oid4vci_offers',
  {
    id: text('id').primaryKey(),
    /** The issuer's name as in core's ISSUERS, e.g. 'Income Tax Department'. */
    issuer: text('issuer')
      .notNull()
      .references(() => issuerKeys.issuer, { onDelete: 'cascade' }),
    /** core's DocumentTypeKey, e.g. 'pan'. */
    documentType: text('document_type').notNull(),
    /** The offered credential configuration ids, e.g. ['pan_sd_jwt', 'pan_ldp_vc']. */
    configurationIds: jsonb('configuration_ids').$type<string[]>().notNull(),
    claimsCiphertext: text('claims_ciphertext').notNull(),
    preAuthorizedCodeHash: text('pre_authorized_code_hash').notNull(),
    /** The code itself, AES-256-GCM ciphertext (AAD 'oid4vci-code:' + id): the offer URI answers it. */
    preAuthorizedCodeCiphertext: text('pre_authorized_code_ciphertext').notNull(),
    /** null: the offer asks for no transaction code. */
    txCodeHash: text('tx_code_hash'),
    txCodeFailures: integer('tx_code_failures').notNull().default(0),
    /** Seconds after the credential request that a deferred credential is ready; null: immediate. */
    deferredSeconds: integer('deferred_seconds'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    redeemedAt: instant('redeemed_at'),
    accessTokenHash: text('access_token_hash'),
    accessTokenExpiresAt: instant('access_token_expires_at'),
    /**
     * The offered credential's id as issued ('urn:uuid:...'), one for both of its forms: the
     * ldp_vc's `id` and the key of its status entry (credential_statuses). Null for offers made
     * before status lists existed (their credentials carry no status entry).
     */
    credentialId: text('credential_id'),
  },
  (t) => [
    uniqueIndex('oid4vci_offers_code_idx').on(t.preAuthorizedCodeHash),
    uniqueIndex('oid4vci_offers_token_idx').on(t.accessTokenHash),
  ],
);

/**
 * Used c_nonce values (OpenID4VCI 1.0 section 7; issuer/create-credential-nonce.ts): SHA-256
 * of the nonce, its issuer and expiry. A c_nonce is made without a row (it carries its expiry
 * and a MAC); the credential endpoint inserts it here when a proof uses it, so each is single
 * use. Rows are swept an hour after their expiry.
 */
export const oid4vciNonces = pgTable(
  'oid4vci_nonces',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    issuer: text('issuer').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('oid4vci_nonces_expiry_idx').on(t.expiresAt)],
);

/**
 * One credential requested at the credential endpoint for an offer's configuration (each
 * configuration once). `holder_jwk` is the proof's public key (the binding). The issuer keeps no
 * copy of the credential it issued: the credential endpoint (or, deferred, the deferred
 * endpoint once `ready_at` has passed) signs it and answers it in the same request, and the
 * issuer needs it only until then, so `credential_ciphertext` stays null (the column held an
 * encrypted copy before; migration 0025 dropped those of delivered credentials).
 * `delivered_at` says when it left. `transaction_id_hash` (SHA-256) answers the deferred
 * endpoint; `notification_id` names it at the notification endpoint, whose last event is kept.
 */
export const oid4vciIssuances = pgTable(
  'oid4vci_issuances',
  {
    id: text('id').primaryKey(),
    offerId: text('offer_id')
      .notNull()
      .references(() => oid4vciOffers.id, { onDelete: 'cascade' }),
    configurationId: text('configuration_id').notNull(),
    holderJwk: jsonb('holder_jwk').$type<Record<string, string>>().notNull(),
    /** Always null for a delivered credential (no copy is kept; see above). */
    credentialCiphertext: text('credential_ciphertext'),
    transactionIdHash: text('transaction_id_hash'),
    readyAt: instant('ready_at'),
    notificationId: text('notification_id').notNull(),
    /** credential_accepted | credential_failure | credential_deleted; null: none received. */
    notificationEvent: text('notification_event'),
    notifiedAt: instant('notified_at'),
    createdAt: instant('created_at').notNull(),
    /** When the credential left the issuer (the credential or deferred answer). */
    deliveredAt: instant('delivered_at'),
  },
  (t) => [
    uniqueIndex('oid4vci_issuances_offer_config_idx').on(t.offerId, t.configurationId),
    uniqueIndex('oid4vci_issuances_transaction_idx').on(t.transactionIdHash),
    uniqueIndex('oid4vci_issuances_notification_idx').on(t.notificationId),
  ],
);

// --- Status lists of the product's issuers (docs/status-lists.md; DECISIONS 8: IETF Token Status
// List for SD-JWT VCs, W3C Bitstring Status List for Data Integrity VCs). Written only by
// src/issuer/.

/**
 * An issuer's status lists, numbered from 1 per issuer. Each holds `size` entries (at least
 * 131,072, the W3C Bitstring Status List minimum, for herd privacy); `used` counts the indexes
 * handed out, and a new list is opened when the newest one is half full, so random indexes
 * rarely collide. `updated_at` changes with any status of the list (it dates the served list).
 */
export const statusLists = pgTable(
  'status_lists',
  {
    /** The issuer's name as in core's ISSUERS, e.g. 'UIDAI'. */
    issuer: text('issuer')
      .notNull()
      .references(() => issuerKeys.issuer, { onDelete: 'cascade' }),
    listNumber: integer('list_number').notNull(),
    size: integer('size').notNull(),
    used: integer('used').notNull().default(0),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.listNumber] })],
);

/**
 * The status of each credential an issuer issued (or offered): `credential_id` is its id as
 * issued ('urn:uuid:...'), shared by its dc+sd-jwt and ldp_vc forms; `idx` its entry in list
 * `list_number`, drawn at random among the unused ones (unique per list). `status` is 'valid',
 * 'suspended' or 'revoked' (final); `reason` the issuer's optional words (at most 200
 * characters). No holder data is kept here.
 */
export const credentialStatuses = pgTable(
  'credential_statuses',
  {
    credentialId: text('credential_id').primaryKey(),
    issuer: text('issuer').notNull(),
    listNumber: integer('list_number').notNull(),
    idx: integer('idx').notNull(),
    status: text('status').notNull().default('valid'),
    reason: text('reason'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('credential_statuses_list_idx').on(t.issuer, t.listNumber, t.idx),
    index('credential_statuses_changed_idx').on(t.issuer, t.listNumber, t.status),
  ],
);

// ---------------------------------------------------------------------------------------------
// OpenID4VCI 1.0, the wallet receiving (DECISIONS 9.1; core api/credential-offers.ts). Written by
// the wallet role only (src/wallet/).

/**
 * Credential offers a holder received and has not yet accepted or declined (OpenID4VCI 1.0
 * section 4.1). `state_ciphertext` is the vault ciphertext (AAD = 'credential-offer:' + id) of
 * the JSON the wallet keeps to run the exchange: the offer (its pre-authorized code is a bearer
 * secret), the issuer's and its authorization server's metadata as fetched. Dropped on accept or
 * decline; refused after `expires_at`.
 */
export const credentialOffers = pgTable(
  'credential_offers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Credential Issuer Identifier (an https URL). */
    credentialIssuer: text('credential_issuer').notNull(),
    stateCiphertext: text('state_ciphertext').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('credential_offers_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Credentials received from an issuer over OpenID4VCI (core's CredentialRecord.received), beside
 * the product's own documents in `credentials`. `issued_ciphertext` is the credential exactly as
 * issued (the compact SD-JWT, byte for byte), vault-encrypted (AAD = 'received-credential:' +
 * id); null while `state` is 'pending' (deferred issuance). SPEC 5's one-per-type rule: a
 * credential of one of the SPEC's ten types has `document_type` set (unique per holder, and the
 * wallet checks `credentials` too); any other type has it null and is added beside them.
 */
export const receivedCredentials = pgTable(
  'received_credentials',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Catalogue key (DocumentTypeKey) when the credential is one of the SPEC's ten types. */
    documentType: text('document_type'),
    /** 'dc+sd-jwt' | 'vc+sd-jwt' | 'ldp_vc' (core RECEIVED_FORMATS). */
    format: text('format').notNull(),
    /** The Credential Issuer Identifier the credential came from. */
    credentialIssuer: text('credential_issuer').notNull(),
    /** The SD-JWT VC `vct`; null for a Data Integrity credential. */
    vct: text('vct'),
    /**
     * What the list shows, fixed at receipt: { issuer_name, name, claim_labels } (the issuer's
     * display data in the holder's language, or SD-JWT VC Type Metadata).
     */
    display: jsonb('display')
      .$type<{ issuer_name: string; name: string; claim_labels: Record<string, string> }>()
      .notNull(),
    /** 'issued' | 'pending' (deferred: waiting for the issuer). */
    state: text('state').notNull(),
    issuedCiphertext: text('issued_ciphertext'),
    /**
     * Vault ciphertext (AAD = 'received-exchange:' + id) of what later calls to the issuer need:
     * { access_token, notification_endpoint, notification_id, deferred_credential_endpoint,
     * transaction_id } (any may be absent).
     */
    exchangeCiphertext: text('exchange_ciphertext'),
    /** The credential's `iat` (else the instant it was received). */
    issuedAt: instant('issued_at').notNull(),
    /** The credential's `exp`; null = none. */
    expiresAt: instant('expires_at'),
    receivedAt: instant('received_at').notNull(),
    /** Display order set by the holder; null = by issuance. */
    position: integer('position'),
    /**
     * The credential's status as the wallet last saw it at its issuer's status list (SPEC 8
     * "status entry"; IETF Token Status List and W3C Bitstring Status List, the worst of both
     * forms): 'valid' | 'suspended' | 'revoked' | 'unknown'. 'unknown' with `status_checked_at`
     * null = never checked yet (wallet/check-credential-status.ts, the only writer).
     */
    statusValue: text('status_value').notNull().default('unknown'),
    /** When the status was last checked; null = never. */
    statusCheckedAt: instant('status_checked_at'),
    /** When the next check is due (check time + the list's ttl); null = due now. */
    statusDueAt: instant('status_due_at'),
    /**
     * The last status seen that was not 'unknown' (null = none yet): a status change is logged
     * against it, so a list unreachable for a while is not news when it answers the same again.
     */
    statusKnownValue: text('status_known_value'),
  },
  (t) => [
    uniqueIndex('received_credentials_user_type_idx').on(t.userId, t.documentType),
    index('received_credentials_user_idx').on(t.userId, t.receivedAt),
    index('received_credentials_status_due_idx').on(t.statusDueAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type CredentialRow = typeof credentials.$inferSelect;
export type ConsentRequestRow = typeof consentRequests.$inferSelect;
export type PresentationRequestRow = typeof presentationRequests.$inferSelect;
export type ActivityLogRow = typeof activityLogs.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type OtpChallengeRow = typeof otpChallenges.$inferSelect;
export type IssuerKeyRow = typeof issuerKeys.$inferSelect;
export type HolderKeyRow = typeof holderKeys.$inferSelect;
export type IssuerApiKeyRow = typeof issuerApiKeys.$inferSelect;
export type TrustedIssuerRow = typeof trustedIssuers.$inferSelect;
export type UserSettingsRow = typeof userSettings.$inferSelect;
export type LoginThrottleRow = typeof loginThrottle.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
export type VerifierRow = typeof verifiers.$inferSelect;
export type VerifierPurposeRow = typeof verifierPurposes.$inferSelect;
export type VerifierApiKeyRow = typeof verifierApiKeys.$inferSelect;
export type VerifierRequestRow = typeof verifierRequests.$inferSelect;
export type ShareRow = typeof shares.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
export type PendingLoginRow = typeof pendingLogins.$inferSelect;
export type RecoveryCodeRow = typeof recoveryCodes.$inferSelect;
export type BackupRow = typeof backups.$inferSelect;
export type ConsentReceiptRow = typeof consentReceipts.$inferSelect;
export type RightsRequestRow = typeof rightsRequests.$inferSelect;
export type WalletKeyRow = typeof walletKeys.$inferSelect;
export type WithdrawalNoticeRow = typeof withdrawalNotices.$inferSelect;
export type Oid4vciOfferRow = typeof oid4vciOffers.$inferSelect;
export type Oid4vciIssuanceRow = typeof oid4vciIssuances.$inferSelect;
export type CredentialOfferRow = typeof credentialOffers.$inferSelect;
export type ReceivedCredentialRow = typeof receivedCredentials.$inferSelect;
