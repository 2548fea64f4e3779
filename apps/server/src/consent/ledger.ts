/**
 * The consent ledger's store (SPEC 4 "Consent request status", DECISIONS 7; DPDP Act s.6): the
 * only module that writes `consent_requests` and `presentation_requests` (a test fails when
 * another does: test/table-writers.test.ts).
 *
 * Every change of a consent's status is one `transition`, checked against core's one table of
 * allowed moves (CONSENT_MOVE_RULES, packages/core/src/consent/transitions.ts), and writes in
 * one transaction the row, the move's activity entry (lib/activity-log.ts) and its signed
 * consent receipt (issue-consent-receipt.ts, ISO/IEC TS 27560); ending a consent (withdraw,
 * expire) also stops its uses through the other roles' ports (lib/roles.ts): the share links
 * made under it are withdrawn and the claims the product-hosted verifier received from it are
 * erased (DPDP Act s.8(7)). Seeding and Reset Requests go through `transition` too (moves
 * receive and reset).
 *
 * Besides the moves, the ledger keeps three stamps that are not status changes: the holder's
 * seen-state (SPEC 4 "Notification seen-state"), a consent's uses, and its expiry reminder.
 */
import {
  type ActivityLog,
  CONSENT_MOVE_RULES,
  type ConsentMove,
  type ConsentReceiptRecord,
  type ConsentStatus,
  consentMoveRefusal,
  MESSAGES,
} from '@pehchaan/core';
import { and, desc, eq, getTableColumns, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import {
  type ConsentRequestRow,
  consentReceipts,
  consentRequests,
  type PresentationRequestRow,
  presentationRequests,
} from '../db/schema';
import { chainHeadFields, headStaysInTransaction } from '../lib/activity-chain';
import { recordActivity } from '../lib/activity-log';
import { CONSENT_NOT_IN_FORCE } from '../lib/consent-lifecycle';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { prepared } from '../lib/prepared';
import {
  type DeliveredPresentation,
  type DisclosedCredential,
  issueConsentReceipt,
} from './issue-consent-receipt';

/** The refusal of `move` from `status`, as the problem the API answers. */
export function refusalOf(status: string, move: ConsentMove): AppError {
  const code = consentMoveRefusal(status as ConsentStatus, move);
  switch (code) {
    case 'consent_already_decided':
      return new AppError(code, MESSAGES.consentAlreadyDecided(status));
    case 'consent_already_withdrawn':
      return new AppError(code, CONSENT_NOT_IN_FORCE.alreadyWithdrawn);
    case 'consent_expired':
      return new AppError(code, CONSENT_NOT_IN_FORCE.expired);
    case 'consent_not_approved':
      return new AppError(code, CONSENT_NOT_IN_FORCE.notApproved(status));
  }
}

/** What a received request is: SPEC 3's fields and, from a verifier, its OpenID4VP side. */
export interface ReceivedConsentRequest {
  id: string;
  requester: string;
  purpose: string;
  /** SPEC 3 field labels, e.g. ["Name", "Aadhaar"]. */
  fields: string[];
  requestedAt: Date;
  /** Days an approval stays valid; null: the verifier's retention, else the default. */
  validityDays?: number | null;
}

/** The OpenID4VP side of a received request (table presentation_requests), without its keys. */
export type ReceivedPresentationRequest = Omit<
  typeof presentationRequests.$inferInsert,
  'consentRequestId' | 'userId'
>;

interface MoveBase extends Pick<ServiceDeps, 'vault' | 'now' | 'publicOrigin' | 'consentRegistry'> {
  /** The database or the caller's open transaction. */
  db: DbOrTx;
  roles: Pick<ServiceDeps['roles'], 'wallet' | 'verifier'>;
  userId: string;
}

export type TransitionOptions = MoveBase &
  (
    | {
        move: 'receive';
        request: ReceivedConsentRequest;
        presentationRequest?: ReceivedPresentationRequest;
      }
    | {
        move: 'approve';
        consentRequestId: string;
        /** The decision's time. */
        at: Date;
        /** Days the consent stays valid from `at`. */
        validityDays: number;
        /** A presentation was delivered and verified: the consent's first use. */
        presentation?: {
          vpToken: Record<string, string[]>;
          disclosed: readonly DisclosedCredential[];
        };
        /** The language the holder read the request in (the receipt's notice language). */
        noticeLanguage?: string;
        /** The request's OpenID4VP side the decision used (null: none): the receipt's. */
        details?: PresentationRequestRow | null;
        /** What this server's own verifier accepted in process (issue-consent-receipt.ts). */
        delivered?: DeliveredPresentation;
      }
    | {
        move: 'reject';
        consentRequestId: string;
        at: Date;
        noticeLanguage?: string;
        details?: PresentationRequestRow | null;
      }
    | { move: 'withdraw'; consentRequestId: string; at: Date }
    /** At the consent's own `valid_until` (only when that is not after now). */
    | { move: 'expire'; consentRequestId: string }
    | { move: 'reset'; consentRequestId: string; request: ReceivedConsentRequest }
  );

export interface TransitionResult {
  row: ConsentRequestRow;
  activityLog?: ActivityLog;
  consentReceipt?: ConsentReceiptRecord;
  /** Withdraw and expire: when the product-hosted verifier's claims were erased (null: none). */
  verifierErasedAt?: Date | null;
}

/** The columns a move sets besides `status`. */
function changesOf(options: TransitionOptions): Partial<typeof consentRequests.$inferInsert> {
  switch (options.move) {
    case 'approve':
      return {
        statusUpdatedAt: options.at,
        statusUpdatedBy: options.userId,
        validityDays: options.validityDays,
        validUntil: new Date(options.at.getTime() + options.validityDays * 86_400_000),
        ...(options.presentation ? { uses: 1, lastUsedAt: options.at } : {}),
      };
    case 'reject':
      return { statusUpdatedAt: options.at, statusUpdatedBy: options.userId };
    case 'withdraw':
      return { withdrawnAt: options.at, withdrawnBy: options.userId };
    case 'reset':
      return {
        requester: options.request.requester,
        purpose: options.request.purpose,
        fields: options.request.fields,
        requestedAt: options.request.requestedAt,
        validityDays: options.request.validityDays ?? null,
        statusUpdatedAt: null,
        statusUpdatedBy: null,
        lastViewed: null,
        validUntil: null,
        expiryRemindedAt: null,
        withdrawnAt: null,
        withdrawnBy: null,
        uses: 0,
        lastUsedAt: null,
      };
    default:
      return {};
  }
}

/**
 * Moves the holder's consent request by `options.move` (CONSENT_MOVE_RULES), in one transaction:
 * the row (a conditional UPDATE from the move's allowed statuses, so of two concurrent moves
 * only one wins), the activity entry, the consent receipt, and for withdraw and expire the end
 * of its uses. `receive` inserts a new pending request (and its OpenID4VP side).
 * @returns the row after the move, with what the move wrote.
 * @throws AppError consent_request_not_found (404; also for another holder's request, so ids are
 *   not confirmed), or the move's refusal from the current status (409: consent_already_decided,
 *   consent_already_withdrawn, consent_expired, consent_not_approved).
 */
export async function transition(options: TransitionOptions): Promise<TransitionResult> {
  const { userId } = options;
  if (options.move === 'receive') {
    const { request, presentationRequest } = options;
    return options.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(consentRequests)
        .values({ ...request, userId, status: CONSENT_MOVE_RULES.receive.to })
        .returning();
      if (!row) throw new Error('The consent request was not stored');
      if (presentationRequest) {
        // A concurrent twin loses on the unique index (user_id, client_id, nonce).
        const inserted = await tx
          .insert(presentationRequests)
          .values({ ...presentationRequest, consentRequestId: row.id, userId })
          .onConflictDoNothing()
          .returning({ id: presentationRequests.consentRequestId });
        if (inserted.length === 0) throw new PresentationRequestReplayed();
      }
      return { row };
    });
  }

  const { consentRequestId, move } = options;
  const rule = CONSENT_MOVE_RULES[move];
  const now = options.now();
  return options.db.transaction(async (tx) => {
    const mine = and(eq(consentRequests.id, consentRequestId), eq(consentRequests.userId, userId));
    const when: SQL[] = move === 'expire' ? [lte(consentRequests.validUntil, now)] : ([] as SQL[]);
    const update = tx
      .update(consentRequests)
      .set({ status: rule.to, ...changesOf(options) })
      .where(and(mine, inArray(consentRequests.status, [...rule.from]), ...when));
    // PGlite, a decision: the activity entry's chain head read by this same statement (one
    // fewer). Not for withdraw and expire: ending a consent's uses may append entries first.
    let headInTransaction: { headSeq: number | null; headHash: string | null } | undefined;
    let row: ConsentRequestRow | undefined;
    if (rule.activity && (move === 'approve' || move === 'reject') && headStaysInTransaction(tx)) {
      const [updated] = await update.returning({
        ...getTableColumns(consentRequests),
        ...chainHeadFields(consentRequests.userId),
      });
      if (updated) {
        const { headSeq, headHash, ...rest } = updated;
        row = rest;
        headInTransaction = { headSeq, headHash };
      }
    } else {
      [row] = await update.returning();
    }
    if (!row) {
      const [current] = await tx
        .select({ status: consentRequests.status })
        .from(consentRequests)
        .where(mine);
      if (!current) {
        throw new AppError('consent_request_not_found', MESSAGES.consentRequestNotFound);
      }
      if (rule.from.includes(current.status as ConsentStatus)) {
        // Expire of a consent not yet at its end: nothing to do, and not the caller's error.
        throw new AppError(
          'consent_not_approved',
          CONSENT_NOT_IN_FORCE.notApproved(current.status),
        );
      }
      throw refusalOf(current.status, move);
    }
    const at = move === 'expire' ? (row.validUntil ?? now) : 'at' in options ? options.at : now;
    let verifierErasedAt: Date | null | undefined;
    if (move === 'withdraw' || move === 'expire') {
      verifierErasedAt = await endUses(tx, options, consentRequestId, at, move);
    }
    const activityLog = rule.activity
      ? await recordActivity({
          db: tx,
          now: () => (move === 'expire' ? now : at),
          userId,
          type: rule.activity,
          message: {
            code: rule.activity,
            params: { requester: row.requester, purpose: row.purpose },
          },
          ...(headInTransaction ? { headInTransaction } : {}),
        })
      : undefined;
    const consentReceipt = rule.receipt
      ? await issueConsentReceipt({
          ...options,
          db: tx,
          consentRequestId,
          event: rule.receipt,
          at,
          ...(options.move === 'approve' && options.presentation
            ? { presentation: options.presentation }
            : {}),
          ...((options.move === 'approve' || options.move === 'reject') && options.noticeLanguage
            ? { noticeLanguage: options.noticeLanguage }
            : {}),
          ...((options.move === 'approve' || options.move === 'reject') &&
          options.details !== undefined
            ? {
                known: {
                  consent: row,
                  details: options.details,
                  ...(options.move === 'approve' && options.delivered
                    ? { delivered: options.delivered }
                    : {}),
                },
              }
            : {}),
        })
      : undefined;
    return {
      row,
      ...(activityLog ? { activityLog } : {}),
      ...(consentReceipt ? { consentReceipt } : {}),
      ...(verifierErasedAt !== undefined ? { verifierErasedAt } : {}),
    };
  });
}

/** The replay of a request the holder already received (unique (user_id, client_id, nonce)). */
export class PresentationRequestReplayed extends Error {
  constructor() {
    super('The presentation request was already received');
    this.name = 'PresentationRequestReplayed';
  }
}

/**
 * What ending a consent stops, in the move's transaction: the share links made under it are
 * withdrawn (the wallet), and the claims the product-hosted verifier received from its approval
 * are erased (the verifier), found by the SHA-256 of the vp_token the approval's receipt names.
 * @returns when the verifier's claims were erased (null: none were held here).
 */
async function endUses(
  tx: DbOrTx,
  options: MoveBase,
  consentRequestId: string,
  at: Date,
  move: 'withdraw' | 'expire',
): Promise<Date | null> {
  await options.roles.wallet.withdrawSharesOfConsent(tx, { consentRequestId, at });
  const [approval] = await tx
    .select({ digest: consentReceipts.presentationSha256 })
    .from(consentReceipts)
    .where(
      and(
        eq(consentReceipts.consentRequestId, consentRequestId),
        eq(consentReceipts.userId, options.userId),
        eq(consentReceipts.event, 'approved'),
      ),
    )
    .orderBy(desc(consentReceipts.issuedAt))
    .limit(1);
  if (!approval?.digest) return null;
  return options.roles.verifier.eraseClaimsOfEndedConsent(tx, {
    vpTokenSha256: approval.digest,
    reason: move === 'withdraw' ? 'withdrawn' : 'consent_expired',
    at,
  });
}

/** The holder's consent request and its OpenID4VP side, or undefined when they have no such. */
export async function findConsentRequest(
  db: DbOrTx,
  options: { userId: string; consentRequestId: string },
): Promise<{ row: ConsentRequestRow; details: PresentationRequestRow | null } | undefined> {
  const statement = prepared(db, 'find_consent_request', (handle) =>
    handle
      .select({ row: consentRequests, details: presentationRequests })
      .from(consentRequests)
      .leftJoin(presentationRequests, eq(presentationRequests.consentRequestId, consentRequests.id))
      .where(
        and(
          eq(consentRequests.id, sql.placeholder('id')),
          eq(consentRequests.userId, sql.placeholder('userId')),
        ),
      )
      .prepare('find_consent_request'),
  );
  const [found] = await statement.execute({
    id: options.consentRequestId,
    userId: options.userId,
  });
  return found;
}

/** SPEC 4 seen-state: stamps every consent request of the holder viewed at `at`. */
export async function stampConsentRequestsSeen(
  db: DbOrTx,
  options: { userId: string; at: Date },
): Promise<void> {
  await db
    .update(consentRequests)
    .set({ lastViewed: options.at })
    .where(eq(consentRequests.userId, options.userId));
}

/** One use of an approved consent at `at` (uses + 1, last_used_at); nothing when not approved. */
export async function recordConsentUse(
  db: DbOrTx,
  options: { consentRequestId: string; at: Date },
): Promise<void> {
  await db
    .update(consentRequests)
    .set({ uses: sql`${consentRequests.uses} + 1`, lastUsedAt: options.at })
    .where(
      and(
        eq(consentRequests.id, options.consentRequestId),
        eq(consentRequests.status, CONSENT_MOVE_RULES.approve.to),
      ),
    );
}

/**
 * Marks the approved consent `id` as reminded of its end at `at`, once (a conditional UPDATE:
 * of two runs only one wins). @returns the row when this call marked it, else undefined.
 */
export async function markExpiryReminded(
  db: DbOrTx,
  options: { consentRequestId: string; at: Date },
): Promise<ConsentRequestRow | undefined> {
  const [row] = await db
    .update(consentRequests)
    .set({ expiryRemindedAt: options.at })
    .where(
      and(
        eq(consentRequests.id, options.consentRequestId),
        eq(consentRequests.status, CONSENT_MOVE_RULES.approve.to),
        isNull(consentRequests.expiryRemindedAt),
      ),
    )
    .returning();
  return row;
}

/**
 * Gives the pending request `consentRequestId` its OpenID4VP side (a seeded SPEC 3 request made
 * real, link-seeded-consent-requests.ts); an existing one is left as it is.
 */
export async function attachPresentationRequest(
  db: DbOrTx,
  options: { userId: string; consentRequestId: string; details: ReceivedPresentationRequest },
): Promise<void> {
  await db
    .insert(presentationRequests)
    .values({
      ...options.details,
      consentRequestId: options.consentRequestId,
      userId: options.userId,
    })
    .onConflictDoNothing();
}

/**
 * Removes the OpenID4VP side of the holder's requests `consentRequestIds` (their seeded links,
 * replaced). @returns the product-hosted verifier requests they answered.
 */
export async function detachPresentationRequests(
  db: DbOrTx,
  options: { userId: string; consentRequestIds: readonly string[] },
): Promise<string[]> {
  if (options.consentRequestIds.length === 0) return [];
  const removed = await db
    .delete(presentationRequests)
    .where(
      and(
        eq(presentationRequests.userId, options.userId),
        inArray(presentationRequests.consentRequestId, [...options.consentRequestIds]),
      ),
    )
    .returning({ verifierRequestId: presentationRequests.verifierRequestId });
  return removed.flatMap((row) => (row.verifierRequestId ? [row.verifierRequestId] : []));
}
