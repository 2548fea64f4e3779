/**
 * The one table of a consent's allowed moves (SPEC 4 "Consent request status", DECISIONS 7; DPDP
 * Act s.6(4) withdrawal): which status each move starts from and ends in, the activity entry it
 * writes and the consent receipt it issues (ISO/IEC TS 27560 event). The server's consent ledger
 * (apps/server/src/consent/ledger.ts `transition`) checks every move against it, and the web
 * app's offline withdrawal asks it too, so the two never disagree about what may happen.
 *
 * - receive: a request arrives (a verifier's OpenID4VP request, or a seeded SPEC 3 one): pending.
 * - approve / reject: SPEC 4's decision, final (`pending` only).
 * - withdraw: the data principal ends an approved consent (DPDP Act s.6(4)).
 * - expire: an approved consent reaches its `valid_until`.
 * - reset: Developer tools › Reset Requests puts a seeded request back to pending (SPEC 2); it
 *   starts from any state and writes no log entry or receipt (the earlier receipts stay).
 */
import type { ConsentStatus } from '../api/records';
import type { ConsentReceiptEvent } from './receipt';

export const CONSENT_MOVES = [
  'receive',
  'approve',
  'reject',
  'withdraw',
  'expire',
  'reset',
] as const;
export type ConsentMove = (typeof CONSENT_MOVES)[number];

/** Why a move is refused: the stable problem codes of docs/api-contract.md "Errors". */
export type ConsentMoveRefusal =
  | 'consent_already_decided'
  | 'consent_not_approved'
  | 'consent_already_withdrawn'
  | 'consent_expired';

export interface ConsentMoveRule {
  /** The statuses the move may start from; empty for `receive` (the request is new). */
  from: readonly ConsentStatus[];
  to: ConsentStatus;
  /** The activity entry the move writes (core's ACTIVITY_TYPES), or null for none. */
  activity:
    | 'consent_approved'
    | 'consent_rejected'
    | 'consent_withdrawn'
    | 'consent_expired'
    | null;
  /** The consent receipt the move issues, or null for none. */
  receipt: ConsentReceiptEvent | null;
}

const ANY: readonly ConsentStatus[] = ['pending', 'approved', 'rejected', 'withdrawn', 'expired'];

export const CONSENT_MOVE_RULES: Readonly<Record<ConsentMove, ConsentMoveRule>> = {
  receive: { from: [], to: 'pending', activity: null, receipt: null },
  approve: { from: ['pending'], to: 'approved', activity: 'consent_approved', receipt: 'approved' },
  reject: { from: ['pending'], to: 'rejected', activity: 'consent_rejected', receipt: 'rejected' },
  withdraw: {
    from: ['approved'],
    to: 'withdrawn',
    activity: 'consent_withdrawn',
    receipt: 'withdrawn',
  },
  expire: { from: ['approved'], to: 'expired', activity: 'consent_expired', receipt: 'expired' },
  reset: { from: ANY, to: 'pending', activity: null, receipt: null },
};

/** True when `move` may start from `status`. */
export function canMoveConsent(status: ConsentStatus, move: ConsentMove): boolean {
  return CONSENT_MOVE_RULES[move].from.includes(status);
}

/**
 * The refusal of `move` from `status` (a status it may not start from): a decision of a request
 * already decided is `consent_already_decided`; ending a consent that is not in force is
 * `consent_already_withdrawn`, `consent_expired` or `consent_not_approved`.
 * @throws Error when the move is allowed from `status` (a caller's bug).
 */
export function consentMoveRefusal(status: ConsentStatus, move: ConsentMove): ConsentMoveRefusal {
  if (canMoveConsent(status, move)) {
    throw new Error(`The move ${move} is allowed from ${status}`);
  }
  if (move === 'approve' || move === 'reject' || move === 'receive' || move === 'reset') {
    return 'consent_already_decided';
  }
  if (status === 'withdrawn') return 'consent_already_withdrawn';
  if (status === 'expired') return 'consent_expired';
  return 'consent_not_approved';
}
