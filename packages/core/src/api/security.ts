/**
 * Settings that act (issue 19): the shapes of the account's security controls, shared by the API
 * and the web app (docs/api-contract.md "Security settings", docs/security.md).
 *
 * - Passkeys (W3C Web Authentication Level 3, via @simplewebauthn): a holder registers passkeys
 *   for two-factor authentication (asked after the OTP at sign-in) and, a platform passkey, for
 *   biometric unlock of a locked app on that device. The WebAuthn JSON shapes
 *   (RegistrationResponseJSON, AuthenticationResponseJSON) are checked here loosely (strings
 *   where the spec has base64url strings); the library verifies them cryptographically.
 * - The account password (SPEC 5's change-password form made real): optional, a second factor at
 *   sign-in, stored only as a memory-hard hash (scrypt) on the server.
 * - Second factor at sign-in: a correct OTP of a holder with factors answers the problem
 *   `second_factor_required` with a short-lived `login_token` and the `factors` still owed; a
 *   one-time recovery code may stand in for the passkey.
 * - Account deletion (DPDP Act s.12): erasure after a grace period that a sign-in cancels.
 * - Data retention (DPDP Rules 2025, rule 6): what the chosen period deletes, and what is kept.
 * - Encrypted backups: the holder's export, encrypted to a key only the holder's passphrase
 *   opens.
 */
import { z } from 'zod';
import { exportedReceivedCredentialSchema } from './export';
import type { ActivityType } from './records';
import { userSettingsSchema } from './settings';

/** A base64url string as WebAuthn's JSON encodings use (RFC 4648 section 5, no padding). */
const base64url = z
  .string()
  .max(65_536)
  .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

const transports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
  .max(8)
  .optional();

/** WebAuthn RegistrationResponseJSON (what navigator.credentials.create() gives, as JSON). */
export const registrationResponseSchema = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});

/** WebAuthn AuthenticationResponseJSON (what navigator.credentials.get() gives, as JSON). */
export const authenticationResponseSchema = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/**
 * What a passkey is for when it is registered: 'any' (two-factor authentication: a security key,
 * a phone or this device) or 'platform' (biometric unlock: this device's own authenticator,
 * fingerprint or face, user verification required).
 */
export const PASSKEY_ATTACHMENTS = ['any', 'platform'] as const;
export type PasskeyAttachment = (typeof PASSKEY_ATTACHMENTS)[number];

/** POST /user/{userId}/passkeys/options body. */
export const passkeyOptionsBodySchema = z.object({
  attachment: z.enum(PASSKEY_ATTACHMENTS, {
    error: `attachment must be one of ${PASSKEY_ATTACHMENTS.join(', ')}`,
  }),
});

/**
 * WebAuthn options (PublicKeyCredentialCreationOptionsJSON or ...RequestOptionsJSON) as the
 * server made them: handed to @simplewebauthn/browser as they are.
 */
export const webauthnOptionsSchema = z.record(z.string(), z.unknown());

/** The answer of every "options" call: the options, and when they stop being accepted. */
export const webauthnOptionsAnswerSchema = z.object({
  options: webauthnOptionsSchema,
  expires_at: z.string(),
});
export type WebauthnOptionsAnswer = z.infer<typeof webauthnOptionsAnswerSchema>;

/** The longest passkey name (characters). */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** POST /user/{userId}/passkeys body: the browser's registration answer. */
export const passkeyRegisterBodySchema = z.object({
  response: registrationResponseSchema,
  /** The holder's name for it; default: the device the browser reports. */
  name: z.string().trim().min(1).max(PASSKEY_NAME_MAX_LENGTH).optional(),
});

/**
 * POST /user/{userId}/passkeys/unlock body: the answer of a passkey this device already holds to
 * the unlock options (Biometric unlock without registering another passkey).
 */
export const passkeyAdoptBodySchema = z.object({ response: authenticationResponseSchema });

/** One registered passkey as the holder sees it (never its public key). */
export const passkeyRecordSchema = z.object({
  /** The WebAuthn credential id (base64url). */
  id: z.string(),
  name: z.string(),
  /** 'platform' = this kind of device's own authenticator (biometric unlock); else null. */
  attachment: z.enum(['platform', 'cross-platform']).nullable(),
  /** WebAuthn backup eligibility: 'multiDevice' passkeys sync between the holder's devices. */
  device_type: z.enum(['singleDevice', 'multiDevice']),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PasskeyRecord = z.infer<typeof passkeyRecordSchema>;

/** GET /user/{userId}/passkeys answer, newest first. */
export const passkeyListSchema = z.object({ passkeys: z.array(passkeyRecordSchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** The longest password accepted (characters): a hash input, not a storage limit. */
export const PASSWORD_MAX_LENGTH = 256;

const passwordText = z.string().max(PASSWORD_MAX_LENGTH, 'Password is too long');

/**
 * PUT /user/{userId}/password body (SPEC 5's form): `current_password` is required once a
 * password is set. The SPEC 5 rules (all fields, match, 8 characters) are checked by the service
 * with passwordChangeErrorCode, so the API answers the form's exact messages.
 */
export const passwordChangeBodySchema = z.object({
  current_password: passwordText.optional(),
  new_password: passwordText,
  confirm_password: passwordText,
});

/** POST /user/{userId}/password/remove body. */
export const passwordRemoveBodySchema = z.object({ current_password: passwordText });

/** GET /user/{userId}/password answer (never the hash). */
export const passwordStatusSchema = z.object({
  password_set: z.boolean(),
  updated_at: z.string().nullable(),
  message: z.string().optional(),
});
export type PasswordStatus = z.infer<typeof passwordStatusSchema>;

/** The factors a sign-in may owe after its OTP, in the order they are asked. */
export const SECOND_FACTORS = ['passkey', 'password'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/**
 * Extension members of the problem `second_factor_required` (403): the sign-in's `login_token`
 * (valid LOGIN_TOKEN_LIFETIME_MS) and the factors still owed.
 */
export const secondFactorRequiredSchema = z.object({
  login_token: z.string(),
  factors: z.array(z.enum(SECOND_FACTORS)).min(1),
  expires_at: z.string(),
  /** After a recovery code stood in for the passkey: how many unused codes are left. */
  recovery_codes_left: z.number().int().min(0).optional(),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

/** A sign-in waiting for its second factor lives 5 minutes, like an OTP. */
export const LOGIN_TOKEN_LIFETIME_MS = 5 * 60_000;
/** Wrong second factors allowed per sign-in before it must start again with a new OTP. */
export const SECOND_FACTOR_MAX_FAILURES = 5;

const loginToken = z
  .string({ error: 'login_token is required' })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'login_token is not valid');

/** POST /api/auth/second-factor/passkey-options body. */
export const loginTokenBodySchema = z.object({ login_token: loginToken });

/**
 * Recovery codes of two-factor authentication (docs/security.md "Recovery codes"): when the
 * passkey is lost, one code signs in once in its place at the second step. Ten per set; each is
 * 8 characters of Crockford's base32 (40 random bits), shown as two groups of four ('7KQ4-M2XD').
 * The server keeps only a keyed hash of each (HMAC-SHA256 under the vault's lookup key).
 */
export const RECOVERY_CODE_COUNT = 10;
/** At most this many codes left: the sign-in and Settings › Security warn to make new ones. */
export const RECOVERY_CODES_LOW = 3;
/**
 * Making a new set replaces one the holder still has: allowed within this time of signing in
 * (ms), so an old or stolen session cannot swap the holder's codes for codes it knows.
 */
export const RECENT_SIGN_IN_MS = 10 * 60_000;
/** Crockford's base32 alphabet: digits and letters without I, L, O and U. */
export const RECOVERY_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RECOVERY_CODE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/**
 * A typed recovery code in its stored form: 8 characters, upper case, without spaces or dashes,
 * with the look-alikes Crockford's base32 folds (O -> 0, I and L -> 1). Null when it cannot be a
 * code (wrong length or a character outside the alphabet).
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const folded = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return RECOVERY_CODE.test(folded) ? folded : null;
}

/** A code as shown and printed: two groups of four ('7KQ4-M2XD'). */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** GET /user/{userId}/recovery-codes answer: how many unused codes the holder has, never them. */
export const recoveryCodesStatusSchema = z.object({
  /** Unused codes of the current set (0 when none was made or all are used). */
  remaining: z.number().int().min(0),
  /** When the current set was made (ISO 8601), or null when none was made. */
  created_at: z.string().nullable(),
});
export type RecoveryCodesStatus = z.infer<typeof recoveryCodesStatusSchema>;

/** POST /user/{userId}/recovery-codes answer: the new set, the only time it is shown. */
export const recoveryCodesAnswerSchema = recoveryCodesStatusSchema.extend({
  created_at: z.string(),
  /** The codes formatted ('7KQ4-M2XD'), RECOVERY_CODE_COUNT of them. */
  codes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswerSchema>;

/**
 * What a sign-in used for each factor it owed, as its log entry names them: a recovery code
 * stands in for the passkey.
 */
export const USED_SECOND_FACTORS = ['passkey', 'recovery_code', 'password'] as const;
export type UsedSecondFactor = (typeof USED_SECOND_FACTORS)[number];

/** POST /api/auth/second-factor body: exactly one factor per call. */
export const secondFactorBodySchema = z
  .object({
    login_token: loginToken,
    password: passwordText.min(1, 'password is required').optional(),
    passkey: authenticationResponseSchema.optional(),
    /**
     * A recovery code in place of the passkey, as typed (normalizeRecoveryCode reads it); one
     * that is not a code counts as a wrong factor.
     */
    recovery_code: z.string().min(1, 'recovery_code is required').max(64).optional(),
  })
  .refine(
    (body) =>
      [body.password, body.passkey, body.recovery_code].filter((f) => f !== undefined).length === 1,
    { message: 'Send one of password, passkey or recovery_code' },
  );

/** POST /api/auth/unlock body: the platform passkey's answer to the unlock options. */
export const unlockBodySchema = z.object({ passkey: authenticationResponseSchema });

/** POST /api/auth/unlock answer. */
export const unlockAnswerSchema = z.object({ message: z.string(), expires_at: z.string() });

/** DPDP Act s.12 erasure: days between Delete Account and the erasure (a sign-in cancels). */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;
export const ACCOUNT_DELETION_GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * 24 * 3_600_000;

/**
 * DPDP Rules 2025, rule 6 (reasonable security safeguards): logs are kept for one year; consent
 * records are kept for the Data Fiduciary's own obligations. What is kept after an erasure, and
 * what data retention never deletes before it is this old.
 */
export const LEGAL_RETENTION_DAYS = 365;
export const LEGAL_RETENTION_MS = LEGAL_RETENTION_DAYS * 24 * 3_600_000;

/** The kinds of record kept after an erasure, as the screen and the answer name them. */
export const RETAINED_RECORD_KINDS = ['security_log', 'consent_record'] as const;
export type RetainedRecordKind = (typeof RETAINED_RECORD_KINDS)[number];

/** POST /user/{userId}/deletion answer (and the sign-in's `deletion_cancelled`). */
export const accountDeletionSchema = z.object({
  message: z.string(),
  requested_at: z.string(),
  /** When the account is erased unless the holder signs in before. */
  erase_at: z.string(),
  /** What is kept after the erasure, and for how long (DPDP Rules 2025, rule 6). */
  retained: z.array(z.enum(RETAINED_RECORD_KINDS)),
  retained_days: z.number().int(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** Activity types that are security records (sign-ins and the security controls). */
export const SECURITY_ACTIVITY_TYPES: readonly ActivityType[] = [
  'login',
  'logout',
  'new_device_login',
  'security_alert',
  'password_changed',
  'passkey_added',
  'passkey_removed',
  'account_deletion_requested',
  'account_deletion_cancelled',
  'backup_restored',
  'recovery_codes_generated',
  'recovery_code_used',
];

/**
 * The kind of record an activity entry is for the law's retention: 'security_log' for the
 * security types, 'consent_record' for any consent decision ('consent_' types, including those
 * added later, such as a withdrawal), else null (ordinary activity).
 */
export function retainedKindOf(type: string): RetainedRecordKind | null {
  if ((SECURITY_ACTIVITY_TYPES as readonly string[]).includes(type)) return 'security_log';
  if (type.startsWith('consent_')) return 'consent_record';
  return null;
}

/** The data retention choices of SPEC 9, in days. */
export const DATA_RETENTION_DAYS = {
  '6months': 182,
  '1year': 365,
  '2years': 730,
  '5years': 1826,
} as const;

/** The instant before which an entry of `type` may be deleted under `period` (ms since epoch). */
export function retentionCutoff(
  period: keyof typeof DATA_RETENTION_DAYS,
  type: string,
  now: number,
): number {
  const days = DATA_RETENTION_DAYS[period];
  const kept = retainedKindOf(type) ? Math.max(days, LEGAL_RETENTION_DAYS) : days;
  return now - kept * 24 * 3_600_000;
}

/** A P-256 ECDH public key as a JWK (RFC 7518 6.2): the backups are encrypted to it. */
export const backupPublicJwkSchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: base64url.min(43).max(43),
  y: base64url.min(43).max(43),
});

/** A compact JWE (RFC 7516): five base64url parts. */
export const compactJweSchema = z
  .string()
  .max(8_000_000)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, {
    message: 'must be a compact JWE',
  });

/**
 * PUT /user/{userId}/backup-key body: the public key backups are encrypted to, and its private
 * key as a JWE only the holder's passphrase opens (PBES2-HS512+A256KW, made in the browser).
 */
export const backupKeyBodySchema = z.object({
  public_jwk: backupPublicJwkSchema,
  wrapped_private_key: compactJweSchema,
});

/** One stored backup as listed (the ciphertext is fetched one by one). */
export const backupRecordSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** Size of the encrypted file in bytes. */
  size: z.number().int(),
});
export type BackupRecord = z.infer<typeof backupRecordSchema>;

/** GET /user/{userId}/backups answer: newest first, and whether a backup key is set. */
export const backupListSchema = z.object({
  key_set: z.boolean(),
  backups: z.array(backupRecordSchema),
  /** When the next automatic backup is due (ISO 8601), or null while Automatic backup is off. */
  next_due_at: z.string().nullable(),
});
export type BackupList = z.infer<typeof backupListSchema>;

/** The `format` marker of a backup file. */
export const BACKUP_FILE_FORMAT = 'pehchaan-encrypted-backup';

/**
 * A backup file (what Download gives): the holder's export (core's holderExportSchema) as a JWE
 * encrypted to the backup key (ECDH-ES+A256KW, A256GCM), with the private key wrapped by the
 * passphrase beside it, so the file alone and the passphrase restore it.
 */
export const backupFileSchema = z.object({
  format: z.literal(BACKUP_FILE_FORMAT),
  version: z.literal(1),
  id: z.string(),
  user_id: z.string(),
  created_at: z.string(),
  wrapped_private_key: compactJweSchema,
  backup: compactJweSchema,
});
export type BackupFile = z.infer<typeof backupFileSchema>;

/** How many automatic backups are kept per holder (the oldest go first). */
export const BACKUPS_KEPT = 5;

/** The interval of each backup frequency of SPEC 9, in ms. */
export const BACKUP_INTERVAL_MS = {
  daily: 24 * 3_600_000,
  weekly: 7 * 24 * 3_600_000,
  monthly: 30 * 24 * 3_600_000,
} as const;

/** At most this many signed documents per restore (the catalogue has ten document types). */
export const RESTORE_MAX_CREDENTIALS = 20;

/**
 * The largest restore body (2 MiB): up to RESTORE_MAX_CREDENTIALS received credentials of at
 * most 64 KiB each beside the signed documents; every other body stays at 64 KiB.
 */
export const RESTORE_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * POST /user/{userId}/restore body: what the browser took from a backup it decrypted with the
 * holder's passphrase: the settings, the signed W3C documents and the credentials received from
 * issuers (holderExportSchema's `settings`, `verifiable_credentials` and, from export version 2,
 * `received_credentials`; a body without it, from a version 1 backup, restores as before).
 */
export const restoreBodySchema = z.object({
  settings: userSettingsSchema,
  verifiable_credentials: z.array(z.record(z.string(), z.unknown())).max(RESTORE_MAX_CREDENTIALS),
  received_credentials: z
    .array(exportedReceivedCredentialSchema)
    .max(RESTORE_MAX_CREDENTIALS)
    .optional(),
});

/** POST /user/{userId}/restore answer: what the backup brought back. */
export const restoreAnswerSchema = z.object({
  message: z.string(),
  /** Credentials re-added (their signatures checked); types already held are left as they are. */
  credentials_restored: z.number().int(),
  /**
   * Credentials left out: the holder holds that document type (SPEC 5) or that very credential
   * now, or a received credential was still pending (its issuer's secrets are not in backups).
   */
  credentials_skipped: z.number().int(),
  settings_restored: z.boolean(),
});
export type RestoreAnswer = z.infer<typeof restoreAnswerSchema>;
