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

export type BrowserFamily =
  | 'edge'
  | 'opera'
  | 'samsung'
  | 'chrome'
  | 'firefox'
  | 'safari'
  | 'other';
export type OsFamily = 'android' | 'ios' | 'windows' | 'macos' | 'linux' | 'other';

/**
 * The browser and operating system families of a User-Agent string, enough for the holder to
 * tell "Chrome on Android" from "Firefox on Windows". Order matters: Edge, Opera and Samsung
 * Internet also say Chrome; Chrome also says Safari; iPadOS may say Macintosh (then 'macos').
 * A library (ua-parser-js, bowser) would add 8-20 KB for two words.
 */
export function describeUserAgent(userAgent: string | null): {
  browser: BrowserFamily;
  os: OsFamily;
} {
  const ua = userAgent ?? '';
  const browser: BrowserFamily = /Edg(e|A|iOS)?\//.test(ua)
    ? 'edge'
    : /OPR\/|Opera/.test(ua)
      ? 'opera'
      : /SamsungBrowser\//.test(ua)
        ? 'samsung'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'chrome'
          : /Firefox\/|FxiOS\//.test(ua)
            ? 'firefox'
            : /Safari\//.test(ua)
              ? 'safari'
              : 'other';
  const os: OsFamily = /Android/.test(ua)
    ? 'android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'ios'
      : /Windows/.test(ua)
        ? 'windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macos'
          : /Linux|X11|CrOS/.test(ua)
            ? 'linux'
            : 'other';
  return { browser, os };
}
