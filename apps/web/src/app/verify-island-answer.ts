/**
 * The /verify/{id} island's check of a credential (verify-island.ts): GET /api/verify/{id}
 * (public; api-contract "Credentials, signing and verification" and "Share links"), read as the
 * app's verifier page reads it (features/verifier/api/verify-credential.ts
 * `verifyCredentialById`), but without zod or the app's API client, which would be most of the
 * island's JavaScript (docs/performance.md, ADR 0010):
 *
 * - 200: the answer, checked by hand against the shape of core's storedCredentialVerdictSchema
 *   (the one the server serializes with, DECISIONS 4; its statuses from core's zod-free
 *   `@pehchaan/core/verification-statuses`): an answer of another shape is 'failed', as the
 *   schema's parse failing is in the app;
 * - a problem (RFC 9457) with code credential_not_found, share_expired, share_withdrawn,
 *   share_used_up or link_disabled: its outcome; anything else (another answer, the network, SPEC
 *   9's 10 s timeout, the API turned off by VITE_USE_API=false): 'failed', with no local copy (the
 *   island looks for one in the browser's encrypted store separately, verify-island-local.ts).
 *
 * The app re-reads a handed-over answer with the schema itself (verify-hand-over.ts).
 */
// The zod-free subpath of core: the package's entry would bring its schemas (docs/adr/0010).
import {
  CREDENTIAL_STATUS_VALUES,
  VERIFICATION_STATUSES,
} from '@pehchaan/core/verification-statuses';
import type {
  VerificationAnswer,
  VerificationOutcome,
} from '@/features/verifier/api/verify-credential';

/** SPEC 9: the API client's timeout. */
const TIMEOUT_MS = 10_000;

/** Problem codes of GET /api/verify/{id} that are outcomes of their own. */
const OUTCOME_OF_PROBLEM: Record<string, VerificationOutcome> = {
  credential_not_found: { kind: 'not_found' },
  share_expired: { kind: 'share_expired' },
  share_withdrawn: { kind: 'withdrawn' },
  share_used_up: { kind: 'used_up' },
  link_disabled: { kind: 'link_disabled' },
};

type Json = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isString = (value: unknown): value is string => typeof value === 'string';
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(isString);
const isInteger = (value: unknown): value is number => Number.isInteger(value);
/** True when `value` is absent or passes `check` (zod's `.optional()`). */
export const optional = (value: unknown, check: (value: unknown) => boolean) =>
  value === undefined || check(value);

/**
 * True when `body` has the shape of core's credentialVerdictSchema (the server's verdict on a
 * credential or a consent receipt: verified, status, checks, errors, warnings, trust,
 * credential_status).
 */
export function isCredentialVerdict(body: unknown): body is Json {
  if (!isObject(body)) return false;
  const { checks, trust, credential_status: status } = body;
  return (
    typeof body.verified === 'boolean' &&
    (VERIFICATION_STATUSES as readonly unknown[]).includes(body.status) &&
    isObject(checks) &&
    typeof checks.signature === 'boolean' &&
    typeof checks.trusted_issuer === 'boolean' &&
    typeof checks.validity === 'boolean' &&
    optional(checks.status, (v) => typeof v === 'boolean') &&
    isStringList(body.errors) &&
    optional(body.warnings, isStringList) &&
    optional(
      trust,
      (v) =>
        isObject(v) &&
        isString(v.issuer) &&
        typeof v.trusted === 'boolean' &&
        optional(v.name, isString),
    ) &&
    optional(
      status,
      (v) =>
        isObject(v) &&
        (CREDENTIAL_STATUS_VALUES as readonly unknown[]).includes(v.value) &&
        isString(v.checked_at) &&
        optional(v.reason, isString),
    )
  );
}

/**
 * True when `body` has the shape of core's storedCredentialVerdictSchema (every field the schema
 * requires, of its type; optional ones of their type when present).
 */
export function isVerificationAnswer(body: unknown): body is VerificationAnswer {
  if (!isCredentialVerdict(body)) return false;
  const { credential: c, share } = body;
  return (
    isString(body.credential_id) &&
    isObject(c) &&
    isString(c.id) &&
    isStringList(c.type) &&
    isString(c.issuer) &&
    isString(c.issuer_id) &&
    isString(c.issuance_date) &&
    isString(c.expiration_date) &&
    isString(c.document_type) &&
    isObject(c.credential_subject_masked) &&
    optional(body.disclosed, isObject) &&
    optional(
      share,
      (v) =>
        isObject(v) &&
        isString(v.id) &&
        isString(v.expires_at) &&
        isInteger(v.views) &&
        (v.max_views === null || isInteger(v.max_views)),
    )
  );
}

/** The API's base URL (config/env.ts VITE_API_URL without its trailing slash; '' = this origin). */
function apiUrl(): string {
  return (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');
}

/**
 * GET `path` of the API (public, no session) as the island reads it: `{ ok: true, body }` for a
 * 2xx answer (body: the parsed JSON, undefined when none), `{ ok: false, code }` for anything
 * else (code: the RFC 9457 problem's `code`, '' when there is none: the network, SPEC 9's 10 s
 * timeout, the API turned off by VITE_USE_API=false). Never rejects.
 */
export async function getInIsland(
  path: string,
): Promise<{ ok: true; body: unknown } | { ok: false; code: string }> {
  if (import.meta.env.VITE_USE_API === 'false') return { ok: false, code: '' };
  try {
    const response = await fetch(`${apiUrl()}${path}`, {
      headers: { Accept: 'application/json, application/problem+json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok) return { ok: true, body };
    return { ok: false, code: isObject(body) && isString(body.code) ? body.code : '' };
  } catch {
    return { ok: false, code: '' };
  }
}

/**
 * The outcome of checking `credentialId` (without the local copy: a 'failed' outcome has
 * `localCopy: null`). Never rejects.
 */
export async function checkCredentialInIsland(credentialId: string): Promise<VerificationOutcome> {
  const failed: VerificationOutcome = { kind: 'failed', localCopy: null };
  const answer = await getInIsland(`/api/verify/${encodeURIComponent(credentialId)}`);
  if (answer.ok)
    return isVerificationAnswer(answer.body) ? { kind: 'answer', answer: answer.body } : failed;
  return Object.hasOwn(OUTCOME_OF_PROBLEM, answer.code)
    ? (OUTCOME_OF_PROBLEM[answer.code] ?? failed)
    : failed;
}
