/**
 * The wallet checks one of the holder's credentials at its issuer's status lists (SPEC 8 "status
 * entry"; DECISIONS 8; docs/status-lists.md "The wallet") and keeps what it saw
 * on the row (credentials or received_credentials: status_value, status_checked_at,
 * status_due_at, status_known_value; this file is their only writer).
 *
 * Entries are read from every form the wallet holds: a card's SD-JWT VC (IETF Token Status List,
 * the issuer-signed payload's `status.status_list`) and its W3C document (`credentialStatus`,
 * W3C Bitstring Status List); a received credential's one form. Each form is checked by the one
 * checker (lib/status-list, never fetched or decoded here) with its own issuer, and the worst
 * value wins: revoked > suspended > unknown > valid. A form without entries is 'valid' (nothing
 * can revoke it). A received credential still pending (deferred issuance) is not checked.
 *
 * When a check happens (`when`):
 * - 'due': only when the check is due (`status_due_at` passed, or never checked), else the
 *   stored status is answered as is: opening a card, and the daily job.
 * - 'now': always; outside lists are fetched afresh (`fresh`) unless the last check is under
 *   FRESH_CHECK_MIN_AGE_MS old: POST .../status-check.
 * - 'cached': always, lists as cached: a credential just stored (Add Credentials, an accepted
 *   offer, a deferred credential that came, a restore), and the daily job's picks.
 * The next check is due after the lists' ttl (the checker's `ttl_seconds`), kept within
 * [MIN_RECHECK_SECONDS, MAX_RECHECK_SECONDS].
 *
 * What is stored and logged (one transaction, the row locked, so two checks at once log once):
 * - `status_value` is the check's value, except that a revoked credential stays revoked when a
 *   later check cannot read its list (revocation is final: docs/status-lists.md "The issuer API").
 * - `status_known_value` is the last value other than 'unknown'.
 * - One `credential_status_changed` activity entry (params: document_type, status) when the new
 *   value is valid, suspended or revoked and differs from the last known value, except the first
 *   sighting of a valid credential (its arrival is logged as received or generated already).
 *   'unknown' is never logged: a list that cannot be read for a while is not news, and when it
 *   answers again as before nothing is logged either.
 *
 * Input: { ...deps, userId, credentialId, when }. Output: the record's `status`
 * ({ value, checked_at }). Errors: AppError 'credential_not_found' (404) when the holder has no
 * credential with that id (another holder's id answers the same). A list that cannot be read is
 * never an error: its value is 'unknown'.
 */
import { type CredentialStatusRecord, MESSAGES } from '@pehchaan/core';
import { and, eq, isNull } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import {
  type CredentialRow,
  credentials,
  type ReceivedCredentialRow,
  receivedCredentials,
} from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { readIssuedCredential } from '../lib/received-records';
import { credentialStatusOfRow, readCredentialDocument } from '../lib/records';
import { sdJwtAad } from '../lib/sd-jwt-vc';
import {
  checkCredentialStatus,
  type StatusCheck,
  type StatusEntry,
  type StatusListDeps,
  type StatusValue,
  statusEntriesOfCredential,
  statusEntriesOfSdJwtPayload,
} from '../lib/status-list';

/** An explicit check fetches outside lists afresh only when the last one is this old (ms). */
export const FRESH_CHECK_MIN_AGE_MS = 10_000;
/** The next check is due at least this long after a check (s). */
export const MIN_RECHECK_SECONDS = 60;
/** ... and at most this long (s): the daily check. */
export const MAX_RECHECK_SECONDS = 86_400;

export type StatusCheckWhen = 'due' | 'now' | 'cached';

export type CheckCredentialStatusDeps = Pick<ServiceDeps, 'db' | 'vault' | 'now'> & StatusListDeps;

export interface CheckCredentialStatusOptions extends CheckCredentialStatusDeps {
  userId: string;
  credentialId: string;
  when: StatusCheckWhen;
}

/** One signed form of a credential: who issued it and its status entries. */
interface StatusForm {
  issuer: string;
  entries: StatusEntry[];
}

/** The held credential, whichever table keeps it. */
export type HeldCredential =
  | { table: 'credentials'; row: CredentialRow }
  | { table: 'received'; row: ReceivedCredentialRow };

const PRECEDENCE: readonly StatusValue[] = ['revoked', 'suspended', 'unknown', 'valid'];

/** The worse of two values (revoked > suspended > unknown > valid). */
function worse(a: StatusValue, b: StatusValue): StatusValue {
  return PRECEDENCE.indexOf(a) <= PRECEDENCE.indexOf(b) ? a : b;
}

/** A W3C credential's issuer id (`issuer` is a URL or an object with `id`). */
function issuerIdOf(document: Record<string, unknown>): string {
  const issuer = document.issuer;
  if (typeof issuer === 'string') return issuer;
  if (issuer && typeof issuer === 'object' && typeof (issuer as { id?: unknown }).id === 'string') {
    return (issuer as { id: string }).id;
  }
  return '';
}

/** The form of a compact SD-JWT VC: its `iss` and the entries of its issuer-signed payload. */
function sdJwtForm(sdJwt: string): StatusForm {
  const payload = decodeJwt(sdJwt.split('~')[0] ?? '') as Record<string, unknown>;
  return {
    issuer: typeof payload.iss === 'string' ? payload.iss : '',
    entries: statusEntriesOfSdJwtPayload(payload),
  };
}

/** The form of a W3C credential document. */
function documentForm(document: Record<string, unknown>): StatusForm {
  return { issuer: issuerIdOf(document), entries: statusEntriesOfCredential(document) };
}

/**
 * The signed forms of a held credential, decrypted. A form that cannot be read (never expected:
 * each was checked when it arrived) counts as one whose status is unknown.
 */
function formsOf(
  held: HeldCredential,
  deps: Pick<ServiceDeps, 'vault'>,
): StatusForm[] | 'unreadable' {
  try {
    if (held.table === 'credentials') {
      const forms = [
        documentForm(readCredentialDocument(held.row, deps.vault) as Record<string, unknown>),
      ];
      if (held.row.sdJwtCiphertext) {
        forms.push(sdJwtForm(deps.vault.decrypt(held.row.sdJwtCiphertext, sdJwtAad(held.row.id))));
      }
      return forms;
    }
    const issued = readIssuedCredential(held.row, deps.vault);
    if (issued === undefined) return [];
    return [
      held.row.format === 'ldp_vc'
        ? documentForm(JSON.parse(issued) as Record<string, unknown>)
        : sdJwtForm(issued),
    ];
  } catch {
    return 'unreadable';
  }
}

/** The holder's credential with this id in either table, else undefined. */
async function findHeld(
  db: ServiceDeps['db'],
  userId: string,
  credentialId: string,
): Promise<HeldCredential | undefined> {
  const [card] = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.id, credentialId), eq(credentials.userId, userId)));
  if (card) return { table: 'credentials', row: card };
  const [received] = await db
    .select()
    .from(receivedCredentials)
    .where(and(eq(receivedCredentials.id, credentialId), eq(receivedCredentials.userId, userId)));
  return received ? { table: 'received', row: received } : undefined;
}

/** The combined check of every form (see the module docs). */
async function checkForms(
  forms: readonly StatusForm[],
  fresh: boolean,
  deps: StatusListDeps,
): Promise<Pick<StatusCheck, 'value' | 'ttl_seconds'>> {
  let value: StatusValue = 'valid';
  let ttl = MAX_RECHECK_SECONDS;
  for (const form of forms) {
    const check = await checkCredentialStatus(
      { issuer: form.issuer, entries: form.entries, fresh },
      deps,
    );
    value = worse(value, check.value);
    ttl = Math.min(ttl, check.ttl_seconds);
  }
  return { value, ttl_seconds: ttl };
}

/** Whether a check is due for the row at `now`. */
export function isStatusCheckDue(
  row: { statusCheckedAt: Date | null; statusDueAt: Date | null },
  now: Date,
): boolean {
  return row.statusCheckedAt === null || row.statusDueAt === null || row.statusDueAt <= now;
}

/** The activity entry's document_type: a catalogue key, else a received credential's name. */
function documentTypeOf(held: HeldCredential): string {
  return held.table === 'credentials'
    ? held.row.documentType
    : (held.row.documentType ?? held.row.display.name).slice(0, 200);
}

/**
 * Stores a check's result on the held credential's row and logs a change (module docs), in one
 * transaction with the row locked. Answers the stored status.
 */
async function storeCheck(
  held: HeldCredential,
  result: Pick<StatusCheck, 'value' | 'ttl_seconds'>,
  deps: Pick<ServiceDeps, 'db' | 'now'>,
): Promise<CredentialStatusRecord> {
  const now = deps.now();
  const dueAt = new Date(
    now.getTime() +
      Math.min(MAX_RECHECK_SECONDS, Math.max(MIN_RECHECK_SECONDS, result.ttl_seconds)) * 1000,
  );
  const table = held.table === 'credentials' ? credentials : receivedCredentials;
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        userId: table.userId,
        statusValue: table.statusValue,
        statusKnownValue: table.statusKnownValue,
      })
      .from(table)
      .where(eq(table.id, held.row.id))
      .for('update');
    // Deleted meanwhile: nothing to keep.
    if (!current) return { value: result.value, checked_at: now.toISOString() };
    const known = current.statusKnownValue;
    const value: StatusValue =
      result.value === 'unknown' && known === 'revoked' ? 'revoked' : result.value;
    const newKnown = value === 'unknown' ? known : value;
    const [row] = await tx
      .update(table)
      .set({
        statusValue: value,
        statusCheckedAt: now,
        statusDueAt: dueAt,
        statusKnownValue: newKnown,
      })
      .where(eq(table.id, held.row.id))
      .returning({ statusValue: table.statusValue, statusCheckedAt: table.statusCheckedAt });
    const changed =
      value !== 'unknown' && value !== known && !(known === null && value === 'valid');
    if (changed) {
      await recordActivity({
        db: tx,
        now: deps.now,
        userId: current.userId,
        type: 'credential_status_changed',
        message: {
          code: 'credential_status_changed',
          params: { document_type: documentTypeOf(held), status: value },
        },
      });
    }
    return row ? credentialStatusOfRow(row) : { value, checked_at: now.toISOString() };
  });
}

/**
 * Checks the status of the holder's credential `credentialId` (module docs) and answers it.
 * @throws AppError 'credential_not_found' (404).
 */
export async function checkCredentialStatusOfHolder(
  options: CheckCredentialStatusOptions,
): Promise<CredentialStatusRecord> {
  const held = await findHeld(options.db, options.userId, options.credentialId);
  if (!held) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  return checkHeldCredential(held, options.when, options);
}

/** The check of one held credential (shared with the daily job). */
export async function checkHeldCredential(
  held: HeldCredential,
  when: StatusCheckWhen,
  deps: CheckCredentialStatusDeps,
): Promise<CredentialStatusRecord> {
  const now = deps.now();
  if (held.table === 'received' && held.row.state !== 'issued') {
    return credentialStatusOfRow(held.row);
  }
  if (when === 'due' && !isStatusCheckDue(held.row, now)) return credentialStatusOfRow(held.row);
  const forms = formsOf(held, deps);
  const fresh =
    when === 'now' &&
    (held.row.statusCheckedAt === null ||
      now.getTime() - held.row.statusCheckedAt.getTime() >= FRESH_CHECK_MIN_AGE_MS);
  // The lists are read before the transaction opens (PGlite has one connection).
  const result =
    forms === 'unreadable'
      ? { value: 'unknown' as const, ttl_seconds: MIN_RECHECK_SECONDS }
      : await checkForms(forms, fresh, deps);
  return storeCheck(held, result, deps);
}

/**
 * The records of credentials that just arrived (Add Credentials, an accepted offer, a deferred
 * credential that came), each checked first (`when` 'cached') and answered with the status
 * found. A check that fails leaves the record as it was (not checked); never throws.
 */
export async function withArrivalStatus<T extends { id: string; status?: CredentialStatusRecord }>(
  deps: CheckCredentialStatusDeps,
  userId: string,
  records: readonly T[],
): Promise<T[]> {
  const checked: T[] = [];
  for (const record of records) {
    const status = await checkCredentialStatusOfHolder({
      ...deps,
      userId,
      credentialId: record.id,
      when: 'cached',
    }).catch(() => undefined);
    checked.push(status ? { ...record, status } : record);
  }
  return checked;
}

/**
 * Checks every credential of the holder never checked yet (a restore brings them back so):
 * each one's errors are swallowed, as for an arrival. Answers how many were checked.
 */
export async function checkUncheckedCredentialsOfHolder(
  deps: CheckCredentialStatusDeps,
  userId: string,
): Promise<number> {
  const cards = await deps.db
    .select()
    .from(credentials)
    .where(and(eq(credentials.userId, userId), isNull(credentials.statusCheckedAt)));
  const received = await deps.db
    .select()
    .from(receivedCredentials)
    .where(
      and(
        eq(receivedCredentials.userId, userId),
        eq(receivedCredentials.state, 'issued'),
        isNull(receivedCredentials.statusCheckedAt),
      ),
    );
  const held: HeldCredential[] = [
    ...cards.map((row) => ({ table: 'credentials' as const, row })),
    ...received.map((row) => ({ table: 'received' as const, row })),
  ];
  let checked = 0;
  for (const one of held) {
    await checkHeldCredential(one, 'cached', deps).then(
      () => {
        checked += 1;
      },
      () => undefined,
    );
  }
  return checked;
}

/** For the daily job: the held credential of a row picked from either table. */
export function heldCredentialOf(
  row: CredentialRow | ReceivedCredentialRow,
  table: 'credentials' | 'received',
): HeldCredential {
  return table === 'credentials'
    ? { table, row: row as CredentialRow }
    : { table, row: row as ReceivedCredentialRow };
}
