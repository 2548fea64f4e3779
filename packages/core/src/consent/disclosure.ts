/**
 * What an approval of an OpenID4VP 1.0 request sends, worked out the same way on the holder's
 * screen (the summary shown before Approve is confirmed) and on the server (the vp_token built
 * when it is), and what a decided request did send (read back from its consent receipt).
 *
 * - `chosenCredentialIds`: the credential queries answered under DCQL credential_sets
 *   (OpenID4VP 1.0 section 6.4.1): per set, its first option whose credentials the holder all
 *   holds; a set none of whose options is held is left out; without credential_sets, every
 *   credential held.
 * - `plannedDisclosure`: per credential that will be presented, the claims that will be
 *   disclosed: the required ones and the optional ones left ticked (section 6.4.2), never an
 *   optional claim the credential's type does not carry; an optional credential with nothing to
 *   disclose, and a credential the holder does not hold, are left out.
 * - `sentOfReceipt` / `withSentClaims`: what was sent, from a consent receipt of the approval
 *   (issue 17's receipts record the claims disclosed per credential and the vp_token's digest),
 *   so decided cards show what left, never what was asked.
 */
import type {
  ConsentPresentation,
  ConsentRequest,
  PresentationClaim,
  PresentationCredential,
  SentCredential,
} from '../api/records';
import { isDocumentTypeKey } from '../documents/catalogue';
import { disclosableClaimsOf } from '../documents/type-metadata';
import { readConsentReceipt } from './receipt';

/**
 * The stored presentation with `held` recomputed for the holder's current credentials: a
 * credential answered by a received one (`received`) is held while that credential is still
 * among `heldReceived` (the ids of the holder's received credentials), any other while a
 * document of its `document_type` is among `heldTypes` (the product's own documents).
 * `unavailable` (a document type or a received credential's id -> 'revoked' | 'suspended': the
 * wallet's last status check, SPEC 8) marks the credential that cannot be presented.
 */
export function withHeld(
  presentation: ConsentPresentation,
  heldTypes: ReadonlySet<string>,
  heldReceived: ReadonlySet<string> = new Set(),
  unavailable: ReadonlyMap<string, 'revoked' | 'suspended'> = new Map(),
): ConsentPresentation {
  return {
    ...presentation,
    credentials: presentation.credentials.map((credential) => {
      const { unavailable: _stale, ...rest } = credential;
      const key = credential.received
        ? credential.received.credential_id
        : (credential.document_type ?? '');
      const reason = unavailable.get(key);
      return {
        ...rest,
        held: credential.received
          ? heldReceived.has(credential.received.credential_id)
          : credential.document_type !== null && heldTypes.has(credential.document_type),
        ...(reason ? { unavailable: reason } : {}),
      };
    }),
  };
}

/** A DCQL credential set as far as the choice needs it (section 6.2). */
export interface CredentialSetChoice {
  readonly options: readonly (readonly string[])[];
}

/**
 * The credential query ids a request is answered with (OpenID4VP 1.0 section 6.4.1): per
 * credential set, its first option whose credentials the holder all holds (the verifier's
 * preference first: Aadhaar before the Basic Identity fallback); a set no option of which is
 * held is left out. Without credential_sets: every credential held.
 * @param credentialSets the request's DCQL `credential_sets` (or ConsentPresentation's).
 * @param credentials the requested credentials with `held` for this holder.
 */
export function chosenCredentialIds(
  credentialSets: readonly CredentialSetChoice[] | undefined,
  credentials: readonly Pick<PresentationCredential, 'query_id' | 'held'>[],
): Set<string> {
  const held = new Set(credentials.filter((c) => c.held).map((c) => c.query_id));
  if (!credentialSets) return held;
  const chosen = new Set<string>();
  for (const set of credentialSets) {
    const option = set.options.find((ids) => ids.every((id) => held.has(id)));
    for (const id of option ?? []) chosen.add(id);
  }
  return chosen;
}

/** One credential an approval will present, with the claims it will disclose. */
export interface PlannedCredential {
  query_id: string;
  /** The product's document type; null for a received credential of another type. */
  document_type: string | null;
  /** The received credential presented (PresentationCredential.received), when one is. */
  received_credential_id?: string;
  document_name: string;
  document_name_hi: string;
  /** The claims disclosed, in the request's order, each once. */
  claims: PresentationClaim[];
}

/**
 * What approving `presentation` with `ticked` sends: per credential presented (in the request's
 * order), the claims disclosed; the server builds the vp_token from exactly this
 * (apps/server/src/consent/decide-consent-request.ts). Only `chosenCredentialIds` are presented
 * (per DCQL credential set, the first option held). A claim is disclosed when required or ticked
 * (`ticked` absent: every claim), and an optional one only when the credential's type carries it;
 * an optional credential with nothing to disclose is left out, and so is one not held or of a type
 * this wallet does not know. A credential answered by a received one (`received`) discloses the
 * claims that credential carries (`received.claims`), whatever its type.
 *
 * The server refuses what this leaves out silently (a required claim unticked, a required
 * credential missing: claim_required, credential_not_found), so a screen checks those first.
 * @param ticked the claim names the holder left ticked (required ones may be omitted).
 */
export function plannedDisclosure(
  presentation: Pick<ConsentPresentation, 'credentials' | 'credential_sets'>,
  ticked?: Iterable<string>,
): PlannedCredential[] {
  const tickedSet = ticked === undefined ? undefined : new Set(ticked);
  const only = chosenCredentialIds(presentation.credential_sets, presentation.credentials);
  const planned: PlannedCredential[] = [];
  for (const credential of presentation.credentials) {
    const type = credential.document_type;
    if (!only.has(credential.query_id) || !credential.held) continue;
    // A received credential discloses what it carries; the product's documents what their type does.
    const disclosable = credential.received
      ? new Set(credential.received.claims)
      : type !== null && isDocumentTypeKey(type)
        ? new Set(disclosableClaimsOf(type))
        : undefined;
    if (!disclosable) continue;
    const seen = new Set<string>();
    const claims = credential.claims.filter((claim) => {
      const sent =
        (claim.required || !tickedSet || tickedSet.has(claim.name)) &&
        (claim.required || disclosable.has(claim.name)) &&
        !seen.has(claim.name);
      if (sent) seen.add(claim.name);
      return sent;
    });
    if (!credential.required && claims.length === 0) continue;
    planned.push({
      query_id: credential.query_id,
      document_type: type,
      ...(credential.received ? { received_credential_id: credential.received.credential_id } : {}),
      document_name: credential.document_name,
      document_name_hi: credential.document_name_hi,
      claims,
    });
  }
  return planned;
}

/**
 * What was sent, read from a consent receipt of the approval (its `approved` receipt, or a later
 * `withdrawn` or `expired` one, which carry the approval's data items): the items grouped by the
 * credential they came from, in order, each matched to the request's credential query of that
 * name (`presentation`, when given). [] when the receipt records no disclosed presentation
 * (nothing left the wallet: a decision without a verifier to send to). null when `document` is
 * not a consent receipt. Never throws.
 */
export function sentOfReceipt(
  presentation: Pick<ConsentPresentation, 'credentials'> | undefined,
  document: unknown,
): SentCredential[] | null {
  const receipt = readConsentReceipt(document);
  if (!receipt) return null;
  if (receipt.presentationSha256 === null) return [];
  const sent: SentCredential[] = [];
  for (const item of receipt.items) {
    const source = item.source ?? '';
    let entry = sent.find((credential) => credential.document_name === source);
    if (!entry) {
      const match = presentation?.credentials.find((c) => c.document_name === source);
      entry = {
        query_id: match?.query_id ?? null,
        document_type: match?.document_type ?? null,
        document_name: source,
        claims: [],
      };
      sent.push(entry);
    }
    entry.claims.push({ name: item.claim, label: item.label });
  }
  return sent;
}

/**
 * `request` with `presentation.sent` set from `receipt` (a signed consent receipt document of
 * its approval, withdrawal or expiry): a rejected request sent nothing ([]); a pending one, or
 * one without a presentation, is returned unchanged, and so is a given one whose receipt cannot
 * be read (absent `sent`: not known).
 */
export function withSentClaims(request: ConsentRequest, receipt: unknown): ConsentRequest {
  const { presentation } = request;
  if (!presentation || request.status === 'pending') return request;
  const sent = request.status === 'rejected' ? [] : sentOfReceipt(presentation, receipt);
  if (sent === null) return request;
  return { ...request, presentation: { ...presentation, sent } };
}
