/**
 * The daily status check (DECISIONS 8: at least daily, respecting the list's ttl; docs/
 * status-lists.md "The wallet"): run with the hourly housekeeping (plugins/db.ts), it checks
 * every holder's credentials whose check is due, in batches, through
 * wallet/check-credential-status.ts (lists as cached, a change logged there).
 *
 * Due here means: never checked, or checked at least DAILY_CHECK_INTERVAL_MS ago and past the
 * next check the list's ttl allowed (`status_due_at`). A received credential still pending
 * (deferred issuance) is left alone. A run checks at most MAX_BATCHES batches of BATCH_SIZE rows
 * of each table, the rest is left for the next run; a row whose check fails is not tried again
 * in the same run.
 *
 * Input: the service deps the checker needs. Output: { checked, failed } counts.
 * Errors: none for a credential (a failure is counted); database errors of the selection only.
 */
import { and, asc, eq, isNull, lte, notInArray, or } from 'drizzle-orm';
import { credentials, receivedCredentials } from '../db/schema';
import {
  type CheckCredentialStatusDeps,
  checkHeldCredential,
  heldCredentialOf,
} from './check-credential-status';

/** A credential is checked at least this often (ms): daily. */
export const DAILY_CHECK_INTERVAL_MS = 86_400_000;
/** Rows selected at once from each table. */
export const BATCH_SIZE = 100;
/** Batches per table in one run. */
export const MAX_BATCHES = 20;

export interface DueStatusChecks {
  checked: number;
  failed: number;
}

export async function checkDueCredentialStatuses(
  deps: CheckCredentialStatusDeps,
): Promise<DueStatusChecks> {
  const result: DueStatusChecks = { checked: 0, failed: 0 };
  for (const table of ['credentials', 'received'] as const) {
    const t = table === 'credentials' ? credentials : receivedCredentials;
    const tried: string[] = [];
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const now = deps.now();
      const dayAgo = new Date(now.getTime() - DAILY_CHECK_INTERVAL_MS);
      const due = or(
        isNull(t.statusCheckedAt),
        and(lte(t.statusCheckedAt, dayAgo), or(isNull(t.statusDueAt), lte(t.statusDueAt, now))),
      );
      const rows = await deps.db
        .select()
        .from(t)
        .where(
          and(
            due,
            table === 'received' ? eq(receivedCredentials.state, 'issued') : undefined,
            tried.length > 0 ? notInArray(t.id, tried) : undefined,
          ),
        )
        .orderBy(asc(t.statusCheckedAt), asc(t.id))
        .limit(BATCH_SIZE);
      for (const row of rows) {
        await checkHeldCredential(heldCredentialOf(row, table), 'cached', deps).then(
          () => {
            result.checked += 1;
          },
          () => {
            // Not picked again in this run (a checked row is no longer due).
            tried.push(row.id);
            result.failed += 1;
          },
        );
      }
      if (rows.length < BATCH_SIZE) break;
    }
  }
  return result;
}
