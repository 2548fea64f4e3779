/**
 * Schemas shared by the routes: the `{ detail }` error answer (DECISIONS 3) and the standard
 * error responses each route documents in the OpenAPI document.
 */
import { z } from 'zod';

export const errorSchema = z
  .object({ detail: z.string() })
  .describe('Error answer: `detail` is the text the holder may be shown');

/** The error statuses of a route, each answering `{ detail }`. */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): Record<S[number], typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as Record<
    S[number],
    typeof errorSchema
  >;
}

/** Routes that need `Authorization: Bearer <session_token>`. */
export const bearerSecurity = [{ bearerAuth: [] }];

/**
 * A holder id such as 'user-001', as the parameter or query field `field` (named in the
 * messages, so a 400 says which input was wrong).
 */
export function userIdSchema(field: string) {
  return z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .max(64, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${field} may only hold letters, digits, - and _`);
}
