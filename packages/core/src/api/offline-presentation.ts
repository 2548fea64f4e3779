/**
 * The offline QR (DECISIONS 8: a credential shown offline as a QR code a verifier checks with no
 * network; docs/offline-verification.md): the request that makes one and its answer, for
 * POST /user/{userId}/credentials/{id}/offline-presentation, and the rules both sides share.
 *
 * The QR carries an SD-JWT VC presentation (offline/qr-codec.ts) of the fields the holder ticked.
 * A signed disclosure shows its value as the issuer signed it and cannot be masked, so an
 * identity number (core's isSensitiveField) may be ticked only when it is also named in
 * `full_values`, the choice the share dialog offers after its warning (DECISIONS 9.6).
 */
import { z } from 'zod';
import { isSensitiveField } from '../masking';

/** Where the code is shown: on the holder's screen, or printed (the PDF). */
export const OFFLINE_MEDIA = ['screen', 'print'] as const;
export type OfflineMedium = (typeof OFFLINE_MEDIA)[number];

/** The KB-JWT `aud` of each medium: a verifier reads the code's lifetime from it. */
export const OFFLINE_AUDIENCE: Readonly<Record<OfflineMedium, string>> = {
  screen: 'offline',
  print: 'offline-print',
};

/** How long a code shown on screen is valid, from the KB-JWT's `iat` (10 minutes). */
export const OFFLINE_QR_LIFETIME_MS = 10 * 60 * 1000;

/** The characters of a code's nonce (shown beside it, read aloud to the verifier). */
export const OFFLINE_NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** A nonce: 6 characters from OFFLINE_NONCE_ALPHABET. */
export const OFFLINE_NONCE_PATTERN = /^[A-Z0-9]{6}$/;

/** The largest QR version the code may need (level L: a phone scans it off a screen or paper). */
export const OFFLINE_QR_MAX_VERSION = 25;

const fieldNameSchema = z.string().min(1).max(64);

/** POST /user/{userId}/credentials/{id}/offline-presentation body. */
export const offlinePresentationBodySchema = z
  .object({
    /** The credential's claims to disclose (top-level claim names), at least one. */
    fields: z
      .array(fieldNameSchema)
      .min(1)
      .max(40)
      .refine((list) => new Set(list).size === list.length, 'fields must not repeat'),
    /** The identity numbers among `fields`, each named to say the holder chose its full value. */
    full_values: z
      .array(fieldNameSchema)
      .max(40)
      .refine((list) => new Set(list).size === list.length, 'full_values must not repeat')
      .optional(),
    /** 'screen' (default): valid 10 minutes; 'print': a printed copy, no time limit. */
    medium: z.enum(OFFLINE_MEDIA).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const full = new Set(body.full_values ?? []);
    body.fields.forEach((field, index) => {
      if (isSensitiveField(field) && !full.has(field)) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index],
          message: `${field} is an identity number: a signed value cannot be masked, so name it in full_values to show it in full`,
        });
      }
    });
    (body.full_values ?? []).forEach((field, index) => {
      if (!body.fields.includes(field)) {
        ctx.addIssue({
          code: 'custom',
          path: ['full_values', index],
          message: 'full_values may only name fields the code discloses',
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
export type OfflinePresentationBody = z.infer<typeof offlinePresentationBodySchema>;

/** The answer: the QR's text and what the screen shows beside it. */
export const offlinePresentationAnswerSchema = z.object({
  /** The QR code's text, `PH1:` + Base45 (offline/qr-codec.ts); draw it alphanumeric, level L. */
  qr: z.string(),
  /** The QR version that text needs at level L (at most OFFLINE_QR_MAX_VERSION). */
  qr_version: z.number().int(),
  /** The KB-JWT's nonce, shown beside the code in large type. */
  nonce: z.string(),
  /** The KB-JWT's `iat`, ISO 8601. */
  presented_at: z.string(),
  /** presented_at + 10 minutes for the screen; null for a printed copy. */
  expires_at: z.string().nullable(),
  /** The disclosed claims, in the order asked. */
  fields: z.array(z.string()),
});
export type OfflinePresentationAnswer = z.infer<typeof offlinePresentationAnswerSchema>;
