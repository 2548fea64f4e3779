/**
 * The holder's sessions (every session can be listed and revoked; docs/api-contract.md
 * "Sessions"): GET /user/{userId}/sessions, DELETE /user/{userId}/sessions/{sessionId}, POST
 * /user/{userId}/sessions/revoke-others. Online only: there is nothing to show or end offline.
 * Each call throws an ApiError when the API fails (lib/api-client.ts).
 */
import {
  type SessionRecord,
  type SessionRevokeAnswer,
  sessionListSchema,
  sessionRevokeAnswerSchema,
} from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const base = (userId: string) => `/user/${encodeURIComponent(userId)}/sessions`;

/** The holder's live sessions, most recently used first. @throws {ApiError} */
export async function listSessions(userId: string): Promise<SessionRecord[]> {
  const answer = await api.get(base(userId), { schema: sessionListSchema });
  return answer.sessions;
}

/**
 * The holder's sessions in the query cache: key `['sessions', userId]`; the query fails
 * as `listSessions` does (no local copy: online only).
 */
export function getSessionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.sessions(userId),
    queryFn: () => listSessions(userId),
  });
}

/** Ends one session; its token answers 401 from then on. @throws {ApiError} (404: already ended) */
export function endSession(userId: string, sessionId: string): Promise<SessionRevokeAnswer> {
  return api.delete(`${base(userId)}/${encodeURIComponent(sessionId)}`, {
    schema: sessionRevokeAnswerSchema,
  });
}

/** Ends every session but this one. @throws {ApiError} */
export function endOtherSessions(userId: string): Promise<SessionRevokeAnswer> {
  return api.post(`${base(userId)}/revoke-others`, undefined, {
    schema: sessionRevokeAnswerSchema,
  });
}

export { type BrowserFamily, describeUserAgent, type OsFamily } from '@pehchaan/core';
