/**
 * The response endpoint (OpenID4VP 1.0 section 8.2, response_mode direct_post): the wallet posts
 * `vp_token` (JSON: DCQL credential query id -> presentations, section 8.1) and `state`, or
 * `error` (`access_denied` when the holder declined, section 8.5) with `error_description`.
 *
 * A request is answered by one holder, with one presentation that passes every check
 * (docs/oid4vp.md "The response endpoint"). The request id and `state` are in its public QR
 * code, so nothing a wallet can post without the holder's credentials may end it:
 * - an error answer is recorded under `wallet_errors` (the latest MAX_WALLET_ERRORS kept) and
 *   the request stays pending until it expires; a valid presentation may still complete it;
 * - a presentation that fails a check (nonce, audience, signature...) is refused with
 *   400 'presentation_invalid' naming the checks, and nothing is stored; when one failed check is
 *   the KB-JWT's `iat` (outside 5 minutes back, 1 minute ahead of this server's clock:
 *   KB_JWT_IAT_WINDOW), the code is 400 'kb_jwt_iat_out_of_window' instead, same detail;
 *   otherwise, when no usable issuer key was found (an https `iss` without that `kid` on the
 *   trust list, an `x5c` chain, an alg other than ES256/EdDSA), 400 'issuer_key_not_found' or
 *   'signature_algorithm_not_accepted', the detail saying why;
 * - a presentation whose issuer signature verified and that carries a status entry has its
 *   issuer's Token Status List read (lib/status-list, check 'credential_status'); when that is
 *   the only failed check, the presentation is the holder's own, so the refusal is recorded
 *   under `wallet_errors` (error 'credential_revoked', 'credential_suspended' or
 *   'status_unknown', the verifier portal shows it) and answered with that code (409 revoked/suspended, 422 status_unknown);
 * - every presentation verified (lib/verify-sd-jwt-presentation.ts): status 'shared', the
 *   verified claims stored encrypted (AAD 'verifier-request:' + id), the checks, and the
 *   SHA-256 of the vp_token (the digest the holder's approval receipt names). This is a
 *   conditional update on status 'pending', so of two racing presentations one wins and the
 *   other answers 409 'request_already_answered', as does anything posted afterwards.
 */

import { createHash } from 'node:crypto';
import {
  type DcqlQuery,
  dcqlQuerySchema,
  MAX_WALLET_ERRORS,
  type PresentationCheck,
  type VerifiedCredential,
  type WalletError,
} from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { type VerifierRow, verifierRequests } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { parseDcqlVpToken } from '../lib/openid4vc';
import { checkCredentialStatus, type StatusListDeps, type StatusValue } from '../lib/status-list';
import { statusFailureText } from '../lib/status-list/verdict';
import { loadTrustList } from '../lib/trust-list';
import { verifierClientId } from '../lib/verifier-keys';
import {
  type IssuerKeyProblem,
  KB_JWT_IAT_WINDOW,
  verifySdJwtPresentation,
} from '../lib/verify-sd-jwt-presentation';
import { findOpenVerifierRequest, REQUEST_ANSWERED_DETAIL } from './find-open-verifier-request';

/** AAD of a request's verified-claims ciphertext. */
export const verifierRequestAad = (requestId: string) => `verifier-request:${requestId}`;

/** The wallet's form fields (already checked by the route's schema). */
export interface VerifierResponseForm {
  vp_token?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
}

/** True when `presented` answers the query's required credentials and names no others. */
function credentialsRequested(query: DcqlQuery, presented: string[]): boolean {
  const ids = query.credentials.map((c) => c.id);
  if (presented.some((id) => !ids.includes(id))) return false;
  if (!query.credential_sets) return ids.every((id) => presented.includes(id));
  return query.credential_sets
    .filter((set) => set.required !== false)
    .every((set) => set.options.some((option) => option.every((id) => presented.includes(id))));
}

/**
 * Appends `error` to the pending request's wallet_errors, keeping the latest MAX_WALLET_ERRORS.
 * @throws {AppError} 'request_already_answered' (409) when a presentation answered it meanwhile.
 */
async function recordWalletError(
  db: ServiceDeps['db'],
  requestId: string,
  error: WalletError,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: verifierRequests.status, walletErrors: verifierRequests.walletErrors })
      .from(verifierRequests)
      .where(eq(verifierRequests.id, requestId))
      .for('update');
    if (row?.status !== 'pending') {
      throw new AppError('request_already_answered', REQUEST_ANSWERED_DETAIL);
    }
    await tx
      .update(verifierRequests)
      .set({ walletErrors: [...row.walletErrors, error].slice(-MAX_WALLET_ERRORS) })
      .where(eq(verifierRequests.id, requestId));
  });
}

/**
 * Records the wallet's answer to request `requestId`.
 * @returns {} (the answer carries no redirect_uri).
 * @throws {AppError} 'verifier_request_not_found' (404), 'verifier_request_expired' (400),
 *   'request_already_answered' (409: a presentation was accepted already, a replay included);
 *   'invalid_input' (400) for a state that is not the request's, or a vp_token that is not a
 *   DCQL vp_token; 'presentation_invalid' (400) when a check failed (nothing stored), or
 *   'kb_jwt_iat_out_of_window' (400) when the failed checks include 'kb_jwt_iat'; else
 *   'issuer_key_not_found' or 'signature_algorithm_not_accepted' (400) when a presentation's
 *   issuer key could not be used (its sentence follows the failed checks in the detail);
 *   'credential_revoked', 'credential_suspended' or 'status_unknown' (409, 409, 422) when the status
 *   check alone failed.
 */
export async function receiveVerifierResponse(
  options: ReceiveVerifierResponseOptions,
): Promise<Record<string, never>> {
  await acceptVerifierResponse(options);
  return {};
}

/** What receiveVerifierResponse takes: deps, the request's id and the wallet's form. */
export type ReceiveVerifierResponseOptions = Pick<
  ServiceDeps,
  'db' | 'vault' | 'now' | 'publicOrigin'
> &
  StatusListDeps & {
    requestId: string;
    form: VerifierResponseForm;
  };

/**
 * A presentation the response endpoint accepted: the request's verifier (its row as read when
 * the answer arrived), the request's id and purpose code, and the SHA-256 (hex) of the
 * `vp_token` form value stored with it.
 */
export interface AcceptedPresentation {
  verifier: VerifierRow;
  requestId: string;
  purposeCode: string;
  vpTokenSha256: string;
}

/**
 * receiveVerifierResponse's work, with what it stored: the accepted presentation, or undefined
 * for an error answer (recorded under `wallet_errors`). The in-process transport
 * (deliver-in-process.ts) hands it to the holder's approval, whose consent receipt names this
 * verifier and request without looking them up again. Errors: as receiveVerifierResponse.
 */
export async function acceptVerifierResponse(
  options: ReceiveVerifierResponseOptions,
): Promise<AcceptedPresentation | undefined> {
  const { db, form } = options;
  const { request, verifier } = await findOpenVerifierRequest(options);
  if (form.state !== request.state) {
    throw new AppError('invalid_input', 'state does not match the request');
  }
  const now = options.now();

  if (form.error !== undefined) {
    await recordWalletError(db, request.id, {
      error: form.error,
      ...(form.error_description ? { error_description: form.error_description } : {}),
      received_at: now.toISOString(),
    });
    return undefined;
  }
  if (form.vp_token === undefined) {
    throw new AppError('invalid_input', 'Send vp_token, or error=access_denied');
  }
  let vpToken: ReturnType<typeof parseDcqlVpToken>;
  try {
    vpToken = parseDcqlVpToken(form.vp_token);
  } catch {
    throw new AppError(
      'invalid_input',
      'vp_token must be a JSON object of credential query ids to lists of presentations',
    );
  }
  const query = dcqlQuerySchema.parse(request.dcqlQuery);
  const clientId = verifierClientId(verifier.did);
  const checks: PresentationCheck[] = [
    {
      credential_query_id: null,
      check: 'credentials_requested',
      passed: credentialsRequested(query, Object.keys(vpToken)),
    },
  ];
  const credentials: Record<string, VerifiedCredential[]> = {};
  const keyProblems: IssuerKeyProblem[] = [];
  const statusFailures: { value: Exclude<StatusValue, 'valid'>; text: string }[] = [];
  // The trust list (lib/trust-list.ts): an issuer is trusted only for the types it may issue.
  const trustList = await loadTrustList(options);
  for (const [queryId, presentations] of Object.entries(vpToken)) {
    const credentialQuery = query.credentials.find((c) => c.id === queryId);
    if (!credentialQuery) continue;
    if (presentations.length > 1 && !credentialQuery.multiple) {
      checks.push({ credential_query_id: queryId, check: 'format', passed: false });
      continue;
    }
    for (const presentation of presentations) {
      if (typeof presentation !== 'string') {
        checks.push({ credential_query_id: queryId, check: 'format', passed: false });
        continue;
      }
      const verdict = await verifySdJwtPresentation(presentation, {
        nonce: request.nonce,
        clientId,
        query: credentialQuery,
        // A DID `iss` by the DIDs on the list; an https `iss` by the entry of that identifier.
        trustedIssuers: (iss, vct) =>
          trustList.trustsSdJwt(iss, vct) ||
          (iss.startsWith('https://') && trustList.isTrusted({ identifier: iss }, vct).trusted),
        issuerJwks: (iss) => trustList.find({ identifier: iss })?.jwks?.keys,
        now,
      });
      for (const check of verdict.checks) checks.push({ credential_query_id: queryId, ...check });
      if (verdict.issuerKeyProblem) keyProblems.push(verdict.issuerKeyProblem);
      const signed = verdict.checks.some((c) => c.check === 'issuer_signature' && c.passed);
      let statusValid = true;
      if (signed && verdict.issuer && verdict.statusEntries.length > 0) {
        const status = await checkCredentialStatus(
          { issuer: verdict.issuer, entries: verdict.statusEntries },
          options,
        );
        statusValid = status.value === 'valid';
        checks.push({
          credential_query_id: queryId,
          check: 'credential_status',
          passed: statusValid,
        });
        const text = statusFailureText(status);
        if (status.value !== 'valid' && text) statusFailures.push({ value: status.value, text });
      }
      if (verdict.verified && statusValid && verdict.issuer && verdict.vct) {
        const list = credentials[queryId] ?? [];
        credentials[queryId] = list;
        list.push({
          vct: verdict.vct,
          issuer: verdict.issuer,
          issuer_name:
            trustList.nameOfDid(verdict.issuer) ??
            trustList.find({ identifier: verdict.issuer })?.names.en ??
            null,
          claims: verdict.claims,
        });
      }
    }
  }

  const failed = checks.filter((c) => !c.passed);
  if (failed.length > 0) {
    // Refused, and nothing changes: whoever posted it cannot end the holder's request.
    const names = [...new Set(failed.map((c) => c.check))];
    const detail = `The presentation failed these checks: ${names.join(', ')}`;
    if (names.includes('kb_jwt_iat')) {
      const { back, ahead } = KB_JWT_IAT_WINDOW;
      throw new AppError(
        'kb_jwt_iat_out_of_window',
        `${detail}. The key binding JWT must be made at most ${back / 60} minutes before and ${ahead / 60} minute after the verifier's clock.`,
      );
    }
    const [keyProblem] = keyProblems;
    if (keyProblem) throw new AppError(keyProblem.code, `${detail}. ${keyProblem.detail}`);
    if (names.length === 1 && names[0] === 'credential_status') {
      // Only the status failed: an authentic presentation of the holder's; the verifier sees it.
      const worst =
        statusFailures.find((f) => f.value === 'revoked') ??
        statusFailures.find((f) => f.value === 'suspended') ??
        statusFailures[0];
      const code =
        worst?.value === 'revoked'
          ? 'credential_revoked'
          : worst?.value === 'suspended'
            ? 'credential_suspended'
            : 'status_unknown';
      await recordWalletError(db, request.id, {
        error: code,
        error_description: worst?.text ?? 'Status unknown',
        received_at: now.toISOString(),
      });
      throw new AppError(code, worst?.text ?? 'Status unknown');
    }
    throw new AppError('presentation_invalid', detail);
  }
  // The digest the holder's consent receipt names: of the form value as received.
  const vpTokenSha256 = createHash('sha256').update(form.vp_token, 'utf8').digest('hex');
  const updated = await db
    .update(verifierRequests)
    .set({
      status: 'shared',
      answeredAt: now,
      checks,
      vpTokenSha256,
      claimsCiphertext: options.vault.encrypt(
        JSON.stringify(credentials),
        verifierRequestAad(request.id),
      ),
    })
    .where(and(eq(verifierRequests.id, request.id), eq(verifierRequests.status, 'pending')))
    .returning({ id: verifierRequests.id });
  if (updated.length === 0) throw new AppError('request_already_answered', REQUEST_ANSWERED_DETAIL);
  return { verifier, requestId: request.id, purposeCode: request.purposeCode, vpTokenSha256 };
}
