/**
 * GET /verifier/requests (docs/api-contract.md "Verifiers (OpenID4VP)"): the organisation's own
 * OpenID4VP requests, newest first, one page at a time, each as GET /verifier/requests/{id}
 * answers it (status, purpose, verified claims until erased, wallet errors, consent receipts),
 * so the verifier portal keeps its history across reloads. Another organisation's requests are
 * never listed.
 *
 * Paging is by keyset on (created_at, id), newest first: `next_cursor` (opaque, base64url) is
 * handed back as `cursor` for the next, older page; it stays right while new requests are
 * created. `status` filters: 'pending' and 'expired' are both stored as pending and told apart
 * by expires_at against the clock, as the view does.
 *
 * Input: { db, vault, now, publicOrigin, verifierId, status?, limit, cursor? }.
 * Output: core's VerifierRequestList.
 * Errors: AppError 'invalid_input' (400) for a cursor this API did not answer.
 */
import type { VerifierRequestList, VerifierRequestStatus } from '@pehchaan/core';
import { and, desc, eq, gt, lt, lte, or, type SQL } from 'drizzle-orm';
import { verifierRequests, verifiers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { verifierRequestViews } from './get-verifier-request';

const BAD_CURSOR = 'cursor must be a next_cursor the API answered';

/** The cursor after `row`: base64url of JSON [created_at ISO, id]. */
function cursorOf(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

/** @throws {AppError} 'invalid_input' when `cursor` is not one cursorOf made. */
function readCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value;
      const createdAt = new Date(typeof at === 'string' ? at : Number.NaN);
      if (typeof id === 'string' && id.length <= 128 && !Number.isNaN(createdAt.getTime())) {
        return { createdAt, id };
      }
    }
  } catch {
    // falls through to the refusal
  }
  throw new AppError('invalid_input', BAD_CURSOR);
}

/** The stored condition of a status as the verifier reads it at `now`. */
function statusCondition(status: VerifierRequestStatus, now: Date): SQL | undefined {
  if (status === 'pending') {
    return and(eq(verifierRequests.status, 'pending'), gt(verifierRequests.expiresAt, now));
  }
  if (status === 'expired') {
    return and(eq(verifierRequests.status, 'pending'), lte(verifierRequests.expiresAt, now));
  }
  return eq(verifierRequests.status, status);
}

export async function listVerifierRequests(
  options: Pick<ServiceDeps, 'db' | 'vault' | 'now' | 'publicOrigin'> & {
    verifierId: string;
    status?: VerifierRequestStatus | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<VerifierRequestList> {
  const after = options.cursor === undefined ? undefined : readCursor(options.cursor);
  const [verifier] = await options.db
    .select({ did: verifiers.did })
    .from(verifiers)
    .where(eq(verifiers.id, options.verifierId));
  if (!verifier) return { requests: [], count: 0, next_cursor: null };
  const rows = await options.db
    .select()
    .from(verifierRequests)
    .where(
      and(
        eq(verifierRequests.verifierId, options.verifierId),
        options.status ? statusCondition(options.status, options.now()) : undefined,
        after
          ? or(
              lt(verifierRequests.createdAt, after.createdAt),
              and(
                eq(verifierRequests.createdAt, after.createdAt),
                lt(verifierRequests.id, after.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(verifierRequests.createdAt), desc(verifierRequests.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const requests = await verifierRequestViews(options, { did: verifier.did, rows: page });
  return {
    requests,
    count: requests.length,
    next_cursor: rows.length > options.limit && last ? cursorOf(last) : null,
  };
}
