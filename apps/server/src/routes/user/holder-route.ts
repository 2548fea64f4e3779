/**
 * What every /user/{userId}/... route shares: the holder id parameter and the schema members
 * (tag, Bearer security, params) each route spreads into its own schema.
 */
import { z } from 'zod';
import { bearerSecurity, userIdSchema } from '../../lib/http-schemas';

/** The `userId` path parameter of every holder route. */
export const holderParamsSchema = z.object({ userId: userIdSchema('userId') });
export type HolderParams = z.infer<typeof holderParamsSchema>;

/** Spread into a holder route's schema: `{ ...holderRoute, summary, response }`. */
export const holderRoute = {
  tags: ['holder'],
  security: bearerSecurity,
  params: holderParamsSchema,
};
