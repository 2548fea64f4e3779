/**
 * Delivers the withdrawal notices waiting in the durable outbox (issue 17; table
 * withdrawal_notices, written by withdraw-consent.ts; docs/oid4vp.md "Withdrawal notices"), by
 * RFC 8935 push: POST of the signed SET to the verifier's notification URL with
 * `Content-Type: application/secevent+jwt`, through the wallet's SSRF-safe client
 * (lib/oid4vp safe-fetch: public https addresses only, loopback http only where the wallet
 * allows it, no redirects, 5 s, 64 KiB).
 *
 * Each due notice is first claimed by a conditional UPDATE that moves its next_attempt_at a
 * lease ahead (CLAIM_LEASE_MS), so two runs, or two server instances, never send it at the
 * same time; a run that dies leaves it due again when the lease ends. Then:
 * - a 2xx answer (RFC 8935: 202 Accepted): 'delivered', and the holder's log gets 'Withdrawal
 *   notice delivered to {requester}' (withdrawal_delivered);
 * - a 400 (RFC 8935 section 2.4: the recipient refuses this SET; `err` is kept): 'failed' at once;
 * - anything else (unreachable, refused address, timeout, 3xx, 401, 404, 429, 5xx): tried again
 *   after RETRY_DELAYS_MS[attempts - 1] (1 min, 5 min, 30 min, 2 h, 12 h), and 'failed' after
 *   MAX_ATTEMPTS; a failure is logged 'Withdrawal notice could not be delivered to {requester}'
 *   (withdrawal_undelivered).
 * The holder sees the status, attempts and next attempt on the consent (list-consent-requests).
 *
 * Input: { db, now, oid4vpAllowLoopback, limit? (default 20), fetchOptions? (tests) }.
 * Output: { delivered, failed, retrying } counts of this run. Errors: database only.
 */
import { consentEventMessage } from '@pehchaan/core';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { consentRequests, withdrawalNotices } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import { isOid4vpError, type SafeFetchOptions, safeFetch } from '../lib/oid4vp';
import { SECEVENT_CONTENT_TYPE } from '../lib/withdrawal-notice';

/** Waits after failed attempt 1, 2, ... (ms); after the last, MAX_ATTEMPTS ends the retries. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000] as const;
/** Attempts before a notice is given up as 'failed'. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a claimed notice is left to its sender before another run may try it. */
export const CLAIM_LEASE_MS = 60_000;

export interface DeliverWithdrawalNoticesOptions {
  db: Db;
  now: () => Date;
  oid4vpAllowLoopback: boolean;
  limit?: number;
  /** Extra safe-fetch options (a test's DNS lookup or CA); allowLoopback comes from the deps. */
  fetchOptions?: Omit<SafeFetchOptions, 'allowLoopback'>;
}

type Outcome = { kind: 'delivered' } | { kind: 'refused' | 'retry'; error: string };

async function send(
  url: string,
  notice: string,
  options: DeliverWithdrawalNoticesOptions,
): Promise<Outcome> {
  try {
    const response = await safeFetch(
      url,
      {
        method: 'POST',
        headers: { 'content-type': SECEVENT_CONTENT_TYPE, accept: 'application/json' },
        body: notice,
      },
      { ...options.fetchOptions, allowLoopback: options.oid4vpAllowLoopback },
    );
    if (response.ok) return { kind: 'delivered' };
    if (response.status === 400) {
      const body = (await response.json().catch(() => null)) as { err?: unknown } | null;
      const err = typeof body?.err === 'string' ? body.err.slice(0, 64) : 'http_400';
      return { kind: 'refused', error: err };
    }
    return { kind: 'retry', error: `http_${response.status}` };
  } catch (error) {
    if (isOid4vpError(error)) return { kind: 'retry', error: error.code };
    throw error;
  }
}

export async function deliverWithdrawalNotices(
  options: DeliverWithdrawalNoticesOptions,
): Promise<{ delivered: number; failed: number; retrying: number }> {
  const { db } = options;
  const counts = { delivered: 0, failed: 0, retrying: 0 };
  const startedAt = options.now();
  const due = await db
    .select({ id: withdrawalNotices.id })
    .from(withdrawalNotices)
    .where(
      and(eq(withdrawalNotices.status, 'pending'), lte(withdrawalNotices.nextAttemptAt, startedAt)),
    )
    .orderBy(asc(withdrawalNotices.nextAttemptAt))
    .limit(options.limit ?? 20);

  for (const { id } of due) {
    const claimedAt = options.now();
    const [notice] = await db
      .update(withdrawalNotices)
      .set({ nextAttemptAt: new Date(claimedAt.getTime() + CLAIM_LEASE_MS) })
      .where(
        and(
          eq(withdrawalNotices.id, id),
          eq(withdrawalNotices.status, 'pending'),
          lte(withdrawalNotices.nextAttemptAt, claimedAt),
        ),
      )
      .returning();
    if (!notice) continue;

    const outcome = await send(notice.url, notice.notice, options);
    const at = options.now();
    const attempts = notice.attempts + 1;
    const giveUp =
      outcome.kind === 'refused' || (outcome.kind === 'retry' && attempts >= MAX_ATTEMPTS);
    await db.transaction(async (tx) => {
      await tx
        .update(withdrawalNotices)
        .set({
          attempts,
          lastAttemptAt: at,
          ...(outcome.kind === 'delivered'
            ? { status: 'delivered', deliveredAt: at, lastError: null }
            : giveUp
              ? { status: 'failed', lastError: outcome.error }
              : {
                  lastError: outcome.error,
                  nextAttemptAt: new Date(at.getTime() + (RETRY_DELAYS_MS[attempts - 1] ?? 0)),
                }),
        })
        .where(eq(withdrawalNotices.id, notice.id));
      if (outcome.kind !== 'delivered' && !giveUp) return;
      const [consent] = await tx
        .select({ requester: consentRequests.requester, purpose: consentRequests.purpose })
        .from(consentRequests)
        .where(eq(consentRequests.id, notice.consentRequestId));
      if (!consent) return;
      await recordActivity({
        db: tx,
        now: () => at,
        userId: notice.userId,
        type: outcome.kind === 'delivered' ? 'withdrawal_delivered' : 'withdrawal_undelivered',
        message: consentEventMessage(
          outcome.kind === 'delivered' ? 'withdrawal_delivered' : 'withdrawal_undelivered',
          consent,
        ),
      });
    });
    if (outcome.kind === 'delivered') counts.delivered += 1;
    else if (giveUp) counts.failed += 1;
    else counts.retrying += 1;
  }
  return counts;
}
