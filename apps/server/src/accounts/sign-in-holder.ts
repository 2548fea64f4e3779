/**
 * Signing a holder in once the OTP was right (DECISIONS 3; issue 19 "Settings that act").
 *
 * `signInHolder`: the factors the holder owes after the OTP, in order (core's SECOND_FACTORS):
 * - 'passkey' when Two-factor authentication is on (and the holder has a passkey);
 * - 'password' when an account password is set (Settings › Security, Change Password).
 * None owed: the session is made at once (`completeSignIn`). Otherwise a pending sign-in is
 * stored (pending_logins: the login_token's hash, 5 minutes, at most 5 wrong factors) and
 * AppError 'second_factor_required' (403) is thrown with the extension members `login_token`,
 * `factors` and `expires_at` (core's secondFactorRequiredSchema); POST /api/auth/second-factor
 * (accounts/verify-second-factor.ts) takes them.
 *
 * `completeSignIn` makes the session, in one transaction with what a sign-in writes:
 * - the session, with the holder's Session timeout as its idle limit;
 * - the `login` activity entry;
 * - the device: a device id (or, without one, User-Agent) not seen before for a holder who has
 *   signed in elsewhere before is a new device: with Login notifications on, a `new_device_login`
 *   entry (the bell shows it until seen) and the e-mail and SMS of notify-security-event.ts;
 * - a pending account deletion is cancelled (DPDP Act s.12 grace period): an
 *   `account_deletion_cancelled` entry, and `deletion_cancelled: true` in the answer.
 * Then the Basic Identity is issued when missing (SPEC 4).
 *
 * `readHolderSigningIn` reads the holder for an OTP sign-in together with their settings and
 * whether their Basic Identity is held (one statement instead of three); an attempt carrying that
 * read (`attempt.read`) is not read again.
 */
import {
  type ActivityMessage,
  DEFAULT_SETTINGS,
  deviceParams,
  LOGIN_TOKEN_LIFETIME_MS,
  type LoginResponse,
  readStoredSettings,
  type SecondFactor,
  type SecondFactorRequired,
  type UserSettings,
} from '@pehchaan/core';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/create-db';
import {
  credentials,
  knownDevices,
  passkeys,
  pendingLogins,
  type UserRow,
  userSettings,
  users,
} from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { getSettings } from '../lib/holder-settings';
import { hashSessionToken, newId, newSessionToken } from '../lib/ids';
import type { ReadCache } from '../lib/read-cache';
import { toSessionUser } from '../lib/records';
import type { Vault } from '../lib/vault';
import { rememberNewSession } from './authenticate-session';
import { createSession, type SessionKind, USER_AGENT_MAX_LENGTH } from './create-session';
import { notifySecurityEvent } from './notify-security-event';

export const SECOND_FACTOR_REQUIRED_DETAIL =
  'Confirm it is you: a second step is needed to sign in.';

/** Who is signing in, once the first factor (the OTP) was right. */
export interface SignInAttempt {
  user: UserRow;
  kind: SessionKind;
  /** The answer's message, e.g. 'Demo login successful'. */
  message: string;
  /** The login's activity message, e.g. { code: 'login_otp' } (core's activity-messages.ts). */
  activity: ActivityMessage;
  userAgent?: string | undefined;
  /** The device's keyed hash (deviceHashOf). */
  deviceHash: string;
  /** The holder's settings and Basic Identity, when read with the user (readHolderSigningIn). */
  read?: Omit<HolderSigningIn, 'user'> | undefined;
}

/** A holder row with what signing in reads next (readHolderSigningIn). */
export interface HolderSigningIn {
  user: UserRow;
  /** Their settings (the defaults when they stored none). */
  settings: UserSettings;
  /** Whether their Basic Identity credential exists (SPEC 4). */
  basicIdentityHeld: boolean;
}

/**
 * The holder `where` selects (a condition on `users`), with their settings and whether their
 * Basic Identity is held, in one statement (the sign-in's first three reads in one). Undefined
 * when no holder matches. Reads only: the Basic Identity is the wallet's to issue.
 */
export async function readHolderSigningIn(
  db: Db,
  where: SQL,
): Promise<HolderSigningIn | undefined> {
  const [row] = await db
    .select({
      user: users,
      settings: userSettings.settings,
      basicIdentity: sql<string | null>`(select ${credentials.id} from ${credentials}
        where ${credentials.userId} = ${users.id}
          and ${credentials.documentType} = 'basic_identity' limit 1)`,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(where);
  if (!row) return undefined;
  return {
    user: row.user,
    settings: row.settings === null ? { ...DEFAULT_SETTINGS } : readStoredSettings(row.settings),
    basicIdentityHeld: row.basicIdentity !== null,
  };
}

/**
 * `sessionCache`: the read cache, when the caller has one; the new session is kept there
 * (authenticate-session.ts rememberNewSession) so its first use needs no statement.
 */
export type SignInOptions = ServiceDeps & { sessionCache?: ReadCache | undefined };

/**
 * The keyed hash of the device signing in: its browser's device id, else its User-Agent (a
 * client that sends no id is still told apart by what it says it is).
 */
export function deviceHashOf(
  vault: Vault,
  deviceId: string | undefined,
  userAgent: string | undefined,
): string {
  return vault.lookupHmac(deviceId ? `device:${deviceId}` : `ua:${userAgent ?? ''}`);
}

/**
 * The factors `user` owes after the OTP, in SECOND_FACTORS order. `settings`: the holder's, when
 * the caller has read them (else they are read here).
 */
export async function secondFactorsOf(
  options: ServiceDeps,
  user: UserRow,
  settings?: UserSettings,
): Promise<SecondFactor[]> {
  const factors: SecondFactor[] = [];
  settings ??= (await getSettings({ db: options.db, userId: user.id, holderKnown: true })).settings;
  if (settings.twoFactorEnabled) {
    const [row] = await options.db
      .select({ n: count() })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id));
    if ((row?.n ?? 0) > 0) factors.push('passkey');
  }
  if (user.passwordHash) factors.push('password');
  return factors;
}

/** See the module docs. @throws AppError 'second_factor_required' when factors are owed. */
export async function signInHolder(
  options: SignInOptions & { attempt: SignInAttempt },
): Promise<LoginResponse> {
  const { attempt } = options;
  // Read once for both steps: the factors owed and, when none is, the session's timeout.
  const settings =
    attempt.read?.settings ??
    (await getSettings({ db: options.db, userId: attempt.user.id, holderKnown: true })).settings;
  const factors = await secondFactorsOf(options, attempt.user, settings);
  if (factors.length === 0) return completeSignIn({ ...options, settings });
  const token = newSessionToken();
  const now = options.now();
  const expiresAt = new Date(now.getTime() + LOGIN_TOKEN_LIFETIME_MS);
  await options.db.insert(pendingLogins).values({
    id: newId('login'),
    tokenHash: hashSessionToken(token),
    userId: attempt.user.id,
    kind: attempt.kind,
    factors,
    done: [],
    userAgent: attempt.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null,
    deviceHash: attempt.deviceHash,
    createdAt: now,
    expiresAt,
  });
  throw secondFactorRequired({
    login_token: token,
    factors,
    expires_at: expiresAt.toISOString(),
  });
}

/** The 'second_factor_required' problem carrying what the client needs to go on. */
export function secondFactorRequired(members: SecondFactorRequired): AppError {
  return new AppError('second_factor_required', SECOND_FACTOR_REQUIRED_DETAIL, undefined, members);
}

/**
 * Makes the session and writes what a sign-in writes; see the module docs. `settings`: the
 * holder's, when the caller has just read them (else they are read here).
 */
export async function completeSignIn(
  options: SignInOptions & { attempt: SignInAttempt; settings?: UserSettings },
): Promise<LoginResponse> {
  const { attempt, now } = options;
  const { user } = attempt;
  const settings =
    options.settings ??
    (await getSettings({ db: options.db, userId: user.id, holderKnown: true })).settings;
  const ticket = options.sessionCache?.begin();
  const outcome = await options.db.transaction(async (tx) => {
    const session = await createSession({
      db: tx,
      now,
      userId: user.id,
      kind: attempt.kind,
      userAgent: attempt.userAgent,
      idleMinutes: settings.sessionTimeout,
    });
    await recordActivity({
      db: tx,
      now,
      userId: user.id,
      type: 'login',
      message: attempt.activity,
    });
    const newDevice = await rememberDevice(tx, now(), user.id, attempt.deviceHash);
    const deletionCancelled = await cancelDeletion(tx, options, user);
    return { session, newDevice, deletionCancelled };
  });
  if (options.sessionCache && ticket !== undefined) {
    rememberNewSession(options.sessionCache, ticket, {
      ...outcome.session,
      userId: user.id,
      kind: attempt.kind,
    });
  }
  if (outcome.newDevice && settings.loginNotifications) {
    await notifySecurityEvent({
      ...options,
      user,
      settings,
      type: 'new_device_login',
      message: {
        code: 'new_device_login',
        params: deviceParams(attempt.userAgent ?? null),
      },
    });
  }
  // SPEC 4: the Basic Identity is created automatically when missing (also when listing); not
  // asked again when the sign-in's first read found it.
  if (!attempt.read?.basicIdentityHeld) {
    await options.roles.wallet.ensureBasicIdentity({ userId: user.id });
  }
  return {
    user_id: user.id,
    session_token: outcome.session.token,
    message: attempt.message,
    expires_at: outcome.session.expiresAt.toISOString(),
    user: toSessionUser(user, attempt.kind),
    ...(outcome.deletionCancelled ? { deletion_cancelled: true } : {}),
  };
}

/**
 * Records the device's use. True when it is new for a holder who signed in on another device
 * before (a first device ever is not news).
 */
async function rememberDevice(
  tx: Tx,
  at: Date,
  userId: string,
  deviceHash: string,
): Promise<boolean> {
  const known = await tx
    .update(knownDevices)
    .set({ lastSeenAt: at })
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
    .returning({ userId: knownDevices.userId });
  if (known.length > 0) return false;
  const [others] = await tx
    .select({ n: count() })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId));
  await tx
    .insert(knownDevices)
    .values({ userId, deviceHash, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoNothing();
  return (others?.n ?? 0) > 0;
}

/** Cancels a pending account deletion (DPDP Act s.12 grace period). True when there was one. */
async function cancelDeletion(
  tx: Tx,
  options: { now: () => Date },
  user: UserRow,
): Promise<boolean> {
  if (!user.deletionDueAt) return false;
  const cancelled = await tx
    .update(users)
    .set({ deletionRequestedAt: null, deletionDueAt: null })
    .where(eq(users.id, user.id))
    .returning({ id: users.id });
  if (cancelled.length === 0) return false;
  await recordActivity({
    db: tx,
    now: options.now,
    userId: user.id,
    type: 'account_deletion_cancelled',
    message: { code: 'account_deletion_cancelled' },
  });
  return true;
}
