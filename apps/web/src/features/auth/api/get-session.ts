/**
 * GET /api/auth/session (api-contract): the session behind the stored token, for the Login
 * Debugger's Check Current User. A 401 here does not sign the visitor out.
 */
import { sessionUserSchema } from '@pehchaan/core';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const sessionResponseSchema = z.object({
  user_id: z.string(),
  user: sessionUserSchema,
  expires_at: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** @throws {ApiError} any failure, including 401 for no or an expired session. */
export function getSession(): Promise<SessionResponse> {
  return api.get('/api/auth/session', { schema: sessionResponseSchema, authRedirect: false });
}
