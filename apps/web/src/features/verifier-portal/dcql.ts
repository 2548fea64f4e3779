/**
 * The portal's DCQL query (OpenID4VP 1.0 section 6) from the claims an officer ticked: pure, so
 * the form and the tests build the same query.
 *
 * - One credential query per document type with at least one ticked claim: `id` = the document
 *   type key (e.g. 'pan'), `format` 'dc+sd-jwt', `meta.vct_values` = that type's vct as the
 *   server lists it (GET /vct: `{PUBLIC_ORIGIN}/vct/{type}`; never built from this page's origin).
 * - `claims`: one per ticked claim, `id` = the claim name, `path` = [name].
 * - When some claims are optional, `claim_sets` = [all ticked, the required only]: the first set
 *   is preferred, the second the minimum (section 6.4.1), so the wallet may leave the optional
 *   ones out. Without optional claims there are no claim_sets (every claim is required).
 */
import type { DcqlQuery } from '@pehchaan/core';

/** How a claim is asked for; claims not in the selection are not asked for. */
export type ClaimChoice = 'required' | 'optional';

/** Document type key -> claim name -> how it is asked for, in the order ticked. */
export type ClaimSelection = Record<string, Record<string, ClaimChoice>>;

/** Why a selection cannot be sent, or null when it can. */
export type SelectionProblem =
  | { kind: 'no_claims' }
  /** Document types whose every ticked claim is optional (a claim set may not be empty). */
  | { kind: 'needs_required'; documentTypes: string[] };

/** The document types of `selection` with at least one ticked claim, in selection order. */
function askedTypes(selection: ClaimSelection): [string, [string, ClaimChoice][]][] {
  return Object.entries(selection)
    .map(([type, claims]) => [type, Object.entries(claims)] as [string, [string, ClaimChoice][]])
    .filter(([, claims]) => claims.length > 0);
}

/** What is wrong with `selection` (see SelectionProblem), or null. */
export function selectionProblem(selection: ClaimSelection): SelectionProblem | null {
  const asked = askedTypes(selection);
  if (asked.length === 0) return { kind: 'no_claims' };
  const optionalOnly = asked
    .filter(([, claims]) => claims.every(([, choice]) => choice === 'optional'))
    .map(([type]) => type);
  return optionalOnly.length > 0 ? { kind: 'needs_required', documentTypes: optionalOnly } : null;
}

/**
 * The DCQL query asking for `selection`.
 * @param vctOf document type key -> its vct (from GET /vct).
 * @throws {Error} when `selection` has a problem (selectionProblem) or a type has no vct.
 */
export function buildDcqlQuery(
  selection: ClaimSelection,
  vctOf: Readonly<Record<string, string>>,
): DcqlQuery {
  const problem = selectionProblem(selection);
  if (problem) throw new Error(`The selection cannot be sent: ${problem.kind}`);
  const credentials = askedTypes(selection).map(([type, claims]) => {
    const vct = vctOf[type];
    if (!vct) throw new Error(`No vct is known for the document type ${type}`);
    const ids = claims.map(([name]) => name);
    const required = claims.filter(([, choice]) => choice === 'required').map(([name]) => name);
    return {
      id: type,
      format: 'dc+sd-jwt' as const,
      meta: { vct_values: [vct] },
      claims: ids.map((name) => ({ id: name, path: [name] })),
      ...(required.length < ids.length ? { claim_sets: [ids, required] } : {}),
    };
  });
  return { credentials };
}
