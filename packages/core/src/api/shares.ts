/**
 * Share links (docs/api-contract.md "Share links"; DPDP: the data principal discloses only what
 * they choose, for a purpose-limited time, and may withdraw consent): a holder makes a link to one
 * credential that discloses only the chosen subject fields, lives 1 hour, 1 day, 7 days or 30
 * days, may have a view limit, counts its views and can be withdrawn. The link is
 * `{PUBLIC_ORIGIN}/verify/{shareId}`; a bare `/verify/{credentialId}` discloses only the holder's
 * name and masked identifiers, its dates without a time of day.
 *
 * DECISIONS 9.6: a chosen identity number (core's isSensitiveField: Aadhaar, phone, PAN ...) is
 * disclosed masked as the screens mask it (Aadhaar last four digits, phone two and two) unless
 * the holder also names it in `full_values`, a choice the share dialog offers only after a
 * warning that names the risk (UIDAI favours the masked number; a verifier that needs identity
 * should ask for the signed credential over OpenID4VP).
 *
 * One zod schema per boundary (STYLE 4): the create body, the share record, the list and the
 * answers, used by the server's routes and the web app's parsing; and the pure rules both sides
 * share (default fields, status, the QR payload of SPEC 3).
 */
import { z } from 'zod';
import { isSensitiveField, maskField } from '../masking';

/** The lifetimes a holder may choose (1 hour, 1 day, 7 days, 30 days). */
export const SHARE_LIFETIMES = ['1h', '1d', '7d', '30d'] as const;
export type ShareLifetime = (typeof SHARE_LIFETIMES)[number];
export const shareLifetimeSchema = z.enum(SHARE_LIFETIMES);

/** The lifetime preselected in the share dialog. */
export const DEFAULT_SHARE_LIFETIME: ShareLifetime = '7d';

const HOUR_MS = 3_600_000;
/** Each lifetime in milliseconds. */
export const SHARE_LIFETIME_MS: Record<ShareLifetime, number> = {
  '1h': HOUR_MS,
  '1d': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
};

/** The largest view limit a holder may set. */
export const MAX_SHARE_VIEWS = 1000;

/** Id prefix of a share ('share-' + 32 hex characters, 128 random bits). */
export const SHARE_ID_PREFIX = 'share-';

/** True when `id` names a share (not a credential). */
export function isShareId(id: string): boolean {
  return id.startsWith(SHARE_ID_PREFIX);
}

/** Subject members that are never offered as a field: they identify, they are not claims. */
const NOT_A_FIELD = new Set(['id', 'document_type']);

/** The fields of `subject` a holder may disclose, in the subject's order. */
export function shareableFields(subject: Record<string, unknown>): string[] {
  return Object.keys(subject).filter((key) => !NOT_A_FIELD.has(key));
}

/** The dialog's default choice: every shareable field except the sensitive numbers (SPEC 5). */
export function defaultShareFields(subject: Record<string, unknown>): string[] {
  return shareableFields(subject).filter((key) => !isSensitiveField(key));
}

/**
 * What a bare credential id discloses: the holder's name and document type, and the identifiers
 * masked (no date of birth, address, parents' names or other claims). A subject that is already
 * masked (the holder's list) comes back the same.
 */
export function bareLinkSubject(subject: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(subject)) {
    if (key === 'name' || key === 'document_type') out[key] = value;
    else if (isSensitiveField(key)) out[key] = maskField(key, value);
  }
  return out;
}

/** `subject` restricted to `fields` (plus document_type), values as they are. */
export function pickSubjectFields(
  subject: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (subject.document_type !== undefined) out.document_type = subject.document_type;
  for (const field of fields) if (field in subject) out[field] = subject[field];
  return out;
}

/**
 * What a share discloses of `subject`: `masked`, the chosen `fields` (plus document_type) with
 * every identity number masked (the page's summary); `disclosed`, the chosen fields' values as
 * the link shows them: an identity number masked unless it is in `fullValues`, every other field
 * as it is (DECISIONS 9.6).
 */
export function shareDisclosure(
  subject: Record<string, unknown>,
  fields: readonly string[],
  fullValues: readonly string[],
): { masked: Record<string, unknown>; disclosed: Record<string, unknown> } {
  const picked = pickSubjectFields(subject, fields);
  const { document_type: _type, ...chosen } = picked;
  const full = new Set(fullValues);
  const disclosed = Object.fromEntries(
    Object.entries(chosen).map(([key, value]) => [
      key,
      full.has(key) ? value : maskField(key, value),
    ]),
  );
  const masked = Object.fromEntries(
    Object.entries(picked).map(([key, value]) => [key, maskField(key, value)]),
  );
  return { masked, disclosed };
}

/**
 * A date of the bare link: the calendar day of an ISO 8601 instant ('2025-06-01T10:00:00Z' ->
 * '2025-06-01'), so the time to the second of an issuance does not tie one holder's shares of
 * the same credential together; '' (Never) and anything else unchanged.
 */
export function dayOf(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T/.exec(value);
  return match?.[1] ?? value;
}

export const SHARE_STATUSES = ['active', 'expired', 'withdrawn', 'used_up'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/**
 * A share's status at `now`: withdrawn beats expired beats used_up.
 * @param share expires_at ISO 8601; max_views null = no limit.
 */
export function shareStatusOf(
  share: {
    expires_at: string;
    withdrawn_at: string | null;
    max_views: number | null;
    views: number;
  },
  now: number,
): ShareStatus {
  if (share.withdrawn_at !== null) return 'withdrawn';
  if (Date.parse(share.expires_at) <= now) return 'expired';
  if (share.max_views !== null && share.views >= share.max_views) return 'used_up';
  return 'active';
}

/** POST /user/{userId}/shares body. */
export const shareCreateBodySchema = z
  .object({
    credential_id: z.string().min(1).max(128),
    /** Subject fields to disclose (shareableFields of the credential), at least one. */
    fields: z
      .array(z.string().min(1).max(64))
      .min(1)
      .max(40)
      .refine((list) => new Set(list).size === list.length, 'fields must not repeat'),
    lifetime: shareLifetimeSchema,
    /** null or absent: no view limit. */
    max_views: z
      .number()
      .int('max_views must be a whole number')
      .min(1, `max_views must be 1 to ${MAX_SHARE_VIEWS}`)
      .max(MAX_SHARE_VIEWS, `max_views must be 1 to ${MAX_SHARE_VIEWS}`)
      .nullable()
      .optional(),
    /**
     * Identity numbers among `fields` (core's isSensitiveField) the link shows in full; every
     * other one is shown masked (DECISIONS 9.6). Absent: none.
     */
    full_values: z
      .array(z.string().min(1).max(64))
      .max(40)
      .refine((list) => new Set(list).size === list.length, 'full_values must not repeat')
      .optional(),
    /**
     * Issue 17: the holder's approved consent the link is made for (its requester will open
     * it): each view counts as a use of that consent, and withdrawing the consent (or its
     * expiry) withdraws the link. Absent: a plain link.
     */
    consent_request_id: z.string().min(1).max(128).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    (body.full_values ?? []).forEach((field, index) => {
      if (!body.fields.includes(field)) {
        ctx.addIssue({
          code: 'custom',
          path: ['full_values', index],
          message: 'full_values may only name fields the link discloses',
        });
      } else if (!isSensitiveField(field)) {
        ctx.addIssue({
          code: 'custom',
          path: ['full_values', index],
          message: 'full_values may only name identity numbers (the others are shown in full)',
        });
      }
    });
  });
export type ShareCreateBody = z.infer<typeof shareCreateBodySchema>;

/** One share as its holder sees it. */
export const shareRecordSchema = z.object({
  id: z.string(),
  credential_id: z.string(),
  /** The credential's display name, e.g. 'PAN Card'. */
  document_type: z.string(),
  /** `{PUBLIC_ORIGIN}/verify/{id}`: what the QR code holds. */
  url: z.string(),
  fields: z.array(z.string()),
  /** The identity numbers among `fields` the link shows in full (absent from older servers: none). */
  full_values: z.array(z.string()).optional(),
  created_at: z.string(),
  expires_at: z.string(),
  max_views: z.number().int().nullable(),
  views: z.number().int(),
  withdrawn_at: z.string().nullable(),
  status: z.enum(SHARE_STATUSES),
  /** The consent the link was made under (issue 17); null or absent: a plain link. */
  consent_request_id: z.string().nullable().optional(),
});
export type ShareRecord = z.infer<typeof shareRecordSchema>;

/** GET /user/{userId}/shares: the holder's shares, newest first. */
export const shareListSchema = z.object({
  shares: z.array(shareRecordSchema),
  count: z.number().int(),
  user_id: z.string(),
});
export type ShareList = z.infer<typeof shareListSchema>;

/** POST /user/{userId}/shares and POST .../shares/{shareId}/withdraw answers. */
export const shareAnswerSchema = z.object({ message: z.string(), share: shareRecordSchema });
export type ShareAnswer = z.infer<typeof shareAnswerSchema>;

/** How many of `shares` are active and how many views they all had (the card's summary). */
export function summarizeShares(shares: readonly ShareRecord[]): { active: number; views: number } {
  return {
    active: shares.filter((s) => s.status === 'active').length,
    views: shares.reduce((sum, s) => sum + s.views, 0),
  };
}

/**
 * The SPEC 3 QR payload: a link's JSON form, every identifier masked, except the identity
 * numbers a share's holder chose to show in full (DECISIONS 9.6).
 */
export const qrPayloadSchema = z.object({
  type: z.literal('digital_credential'),
  version: z.literal('1.0'),
  credential_id: z.string(),
  document_type: z.string(),
  issuer: z.string(),
  issuance_date: z.string(),
  expiration_date: z.string(),
  subject: z.object({
    name: z.string().optional(),
    aadhaar_number: z.string().optional(),
    phone: z.string().optional(),
    pan_number: z.string().optional(),
    date_of_birth: z.string().optional(),
    address: z.string().optional(),
  }),
  verification_url: z.string(),
  /** ISO 8601: when the payload was made. */
  timestamp: z.string(),
});
export type QrPayload = z.infer<typeof qrPayloadSchema>;

const PAYLOAD_SUBJECT_FIELDS = [
  'name',
  'aadhaar_number',
  'phone',
  'pan_number',
  'date_of_birth',
  'address',
] as const;

/**
 * The SPEC 3 QR payload of a credential as a link discloses it.
 * @param input.subject the subject fields the link discloses (absent ones are left out);
 *   identifiers are masked here whatever is passed, except those named in `fullValues`.
 * @param input.fullValues the identity numbers a share shows in full (absent: none).
 * @param input.verificationUrl the link itself.
 * @param input.now the instant stamped as `timestamp`.
 */
export function buildQrPayload(input: {
  credentialId: string;
  documentType: string;
  issuer: string;
  issuanceDate: string;
  expirationDate: string;
  subject: Record<string, unknown>;
  verificationUrl: string;
  now: Date;
  fullValues?: readonly string[];
}): QrPayload {
  const subject: QrPayload['subject'] = {};
  const full = new Set(input.fullValues ?? []);
  for (const field of PAYLOAD_SUBJECT_FIELDS) {
    const value = input.subject[field];
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text === 'string') {
      subject[field] = full.has(field) ? text : String(maskField(field, text));
    }
  }
  return {
    type: 'digital_credential',
    version: '1.0',
    credential_id: input.credentialId,
    document_type: input.documentType,
    issuer: input.issuer,
    issuance_date: input.issuanceDate,
    expiration_date: input.expirationDate,
    subject,
    verification_url: input.verificationUrl,
    timestamp: input.now.toISOString(),
  };
}
