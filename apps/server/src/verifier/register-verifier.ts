/**
 * Registers a verifier organisation (a data fiduciary) with one purpose (its claims, each with
 * the reason it is needed in English and Hindi when given), optionally its
 * notification URL for withdrawal notices (issue 17), and its first API key (`npm run
 * verifier:add`, scripts/add-verifier.ts). The API key is answered once and stored only as its
 * hash. setVerifierNotificationUrl sets or clears the URL of a registered organisation.
 */
import { DOCUMENT_TYPES, isDocumentTypeKey } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import { verifierPurposes, verifiers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { newId } from '../lib/ids';
import { newVerifierKey, verifierClientId } from '../lib/verifier-keys';
import { insertVerifierApiKey } from './create-verifier-api-key';

export interface NewVerifier {
  name: string;
  grievanceContact: string;
  purpose: {
    code: string;
    textEn: string;
    textHi: string;
    /** DocumentTypeKey -> claim names ('name' or one of the type's subject fields). */
    claims: Record<string, string[]>;
    /**
     * Claim name -> why the purpose needs it, in English and Hindi (claimReasonsProblem);
     * absent or partial: the holder reads "No reason given" beside the others.
     */
    claimReasons?: Record<string, { en: string; hi: string }>;
    retentionDays: number;
  };
  /** Where withdrawal notices are posted (docs/oid4vp.md "Withdrawal notices"); absent: none. */
  notificationUrl?: string;
}

/**
 * Why `url` cannot be a notification URL, or undefined: it must be an absolute http(s) URL
 * without user name or password. (Whether its address may be reached is decided at each
 * delivery by the wallet's SSRF-safe client: https on a public address, http on loopback only
 * where the wallet allows loopback.)
 */
export function notificationUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The notification URL is not a valid URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return 'The notification URL must be an https URL';
  }
  if (parsed.username || parsed.password) {
    return 'The notification URL must not hold a user name or password';
  }
  return undefined;
}

/** Why `claims` are not registrable (unknown type or claim), or undefined. */
export function purposeClaimsProblem(claims: Record<string, string[]>): string | undefined {
  const entries = Object.entries(claims);
  if (entries.length === 0) return 'A purpose needs at least one document type with claims';
  for (const [type, names] of entries) {
    if (!isDocumentTypeKey(type)) return `Unknown document type ${type}`;
    const fields = ['name', ...(DOCUMENT_TYPES.find((d) => d.key === type)?.subjectFields ?? [])];
    const unknown = names.find((name) => !fields.includes(name));
    if (names.length === 0 || unknown !== undefined) {
      return `${type} claims must be some of: ${fields.join(', ')}`;
    }
  }
  return undefined;
}

/** The longest reason a purpose may state for one claim, in characters (each language). */
export const MAX_CLAIM_REASON_LENGTH = 300;

/**
 * Why `reasons` cannot be registered for a purpose asking `claims`, or undefined: each reason
 * names a claim of the purpose, and gives both an English and a Hindi text (like the purpose's
 * own text), each 1 to MAX_CLAIM_REASON_LENGTH characters.
 */
export function claimReasonsProblem(
  reasons: Record<string, { en: string; hi: string }>,
  claims: Record<string, string[]>,
): string | undefined {
  const asked = new Set(Object.values(claims).flat());
  for (const [claim, reason] of Object.entries(reasons)) {
    if (!asked.has(claim)) return `A reason names ${claim}, which the purpose does not ask for`;
    for (const [language, text] of [
      ['English', reason.en],
      ['Hindi', reason.hi],
    ] as const) {
      if (typeof text !== 'string' || text.trim() === '') {
        return `The reason for ${claim} needs an English and a Hindi text (${language} is missing)`;
      }
      if (text.length > MAX_CLAIM_REASON_LENGTH) {
        return `The ${language} reason for ${claim} is longer than ${MAX_CLAIM_REASON_LENGTH} characters`;
      }
    }
  }
  return undefined;
}

/**
 * @throws {Error} for claims that name an unknown document type or claim, a reason that
 *   claimReasonsProblem refuses, or a name already registered (the database's unique
 *   constraint).
 */
export async function registerVerifier(
  options: Pick<ServiceDeps, 'db' | 'vault' | 'now'> & { verifier: NewVerifier },
): Promise<{ id: string; did: string; clientId: string; apiKey: string }> {
  const { db, vault, verifier } = options;
  const problem =
    purposeClaimsProblem(verifier.purpose.claims) ??
    claimReasonsProblem(verifier.purpose.claimReasons ?? {}, verifier.purpose.claims) ??
    (verifier.notificationUrl === undefined
      ? undefined
      : notificationUrlProblem(verifier.notificationUrl));
  if (problem) throw new Error(problem);
  const id = newId('verifier', 8);
  const key = newVerifierKey(vault, id);
  const now = options.now();
  await db.transaction(async (tx) => {
    await tx.insert(verifiers).values({
      id,
      name: verifier.name,
      grievanceContact: verifier.grievanceContact,
      ...key,
      createdAt: now,
      notificationUrl: verifier.notificationUrl ?? null,
    });
    const { claimReasons = {}, ...purpose } = verifier.purpose;
    await tx
      .insert(verifierPurposes)
      .values({ verifierId: id, ...purpose, claimReasons, createdAt: now });
  });
  const { apiKey } = await insertVerifierApiKey({ db, now: options.now, verifierId: id });
  return { id, did: key.did, clientId: verifierClientId(key.did), apiKey };
}

/**
 * Sets (or, with null, clears) the notification URL of the registered organisation `name`.
 * @throws {Error} for an unusable URL (notificationUrlProblem) or an unknown organisation.
 */
export async function setVerifierNotificationUrl(
  options: Pick<ServiceDeps, 'db'> & { name: string; notificationUrl: string | null },
): Promise<{ id: string }> {
  const problem =
    options.notificationUrl === null ? undefined : notificationUrlProblem(options.notificationUrl);
  if (problem) throw new Error(problem);
  const [row] = await options.db
    .update(verifiers)
    .set({ notificationUrl: options.notificationUrl })
    .where(eq(verifiers.name, options.name))
    .returning({ id: verifiers.id });
  if (!row) throw new Error(`No verifier named ${options.name} is registered`);
  return row;
}
