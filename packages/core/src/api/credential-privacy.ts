/**
 * How a holder's identity numbers leave the server (DECISIONS 9.6: masked wherever they travel
 * unless the holder reveals or chooses the full value), one zod schema per boundary (STYLE 4):
 *
 * - GET /user/{userId}/credentials answers each credential's identity numbers masked as the
 *   screens show them (masking/: Aadhaar last 4 digits, phone two and two, the others partly
 *   hidden as SPEC 5 says); `maskCredentialSubject` is that rule.
 * - GET /user/{userId}/credentials/{id}/fields/{field} answers one of them in full
 *   (`credentialFieldAnswerSchema`), for the card's eye toggle: the holder's only, logged,
 *   rate-limited, never stored by the browser.
 * - PUT /user/{userId}/credentials/{id}/public-link `{ enabled }` turns the credential's bare link
 *   /verify/{id} on or off (`publicLinkBodySchema`, `publicLinkAnswerSchema`); off, the link
 *   answers 410 `link_disabled`.
 */
import { z } from 'zod';
import { maskField } from '../masking';

/** A subject claim's name as a path segment: snake_case, as the catalogue names claims. */
export const claimNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, 'A claim name is lower-case letters, digits and _');

/**
 * A credential subject with every identity number masked (core's maskField; other claims as they
 * are). Idempotent: a masked subject comes back the same.
 */
export function maskCredentialSubject<T extends Record<string, unknown>>(subject: T): T {
  return Object.fromEntries(
    Object.entries(subject).map(([key, value]) => [key, maskField(key, value)]),
  ) as T;
}

/** GET /user/{userId}/credentials/{id}/fields/{field}: one identity number in full. */
export const credentialFieldAnswerSchema = z.object({
  credential_id: z.string(),
  /** The claim, e.g. 'aadhaar_number'. */
  field: z.string(),
  /** Its full value as the signed credential states it. */
  value: z.string(),
});
export type CredentialFieldAnswer = z.infer<typeof credentialFieldAnswerSchema>;

/** PUT /user/{userId}/credentials/{id}/public-link body. */
export const publicLinkBodySchema = z
  .object({
    /** true: /verify/{id} answers (the default); false: 410 link_disabled. */
    enabled: z.boolean(),
  })
  .strict();
export type PublicLinkBody = z.infer<typeof publicLinkBodySchema>;

/** PUT /user/{userId}/credentials/{id}/public-link answer. */
export const publicLinkAnswerSchema = z.object({
  credential_id: z.string(),
  public_link: z.boolean(),
});
export type PublicLinkAnswer = z.infer<typeof publicLinkAnswerSchema>;
