/**
 * Which credentials an approval presents (OpenID4VP 1.0 section 6.4.1 credential_sets): per
 * credential set, its first option whose credentials the holder all holds (the verifier lists
 * its preference first: Aadhaar before the Basic Identity fallback); a set none of whose
 * options is held is left out. Without credential_sets: every credential query the holder can
 * answer. The server builds the vp_token from exactly these (apps/server/src/consent/
 * decide-consent-request.ts) and the consent screen's summary shows the same, so what the holder
 * is told will leave is what leaves.
 */
import type { ConsentPresentation } from '../api/records';

/** The credential_sets of a DCQL query (only what the choice reads). */
export interface CredentialSetsOf {
  credential_sets?: readonly { options: readonly (readonly string[])[] }[] | undefined;
}

/**
 * The DCQL credential query ids an approval presents.
 * @param query the request's DCQL query.
 * @param presentation the consent screen's view of the request, `held` set per credential.
 */
export function chooseCredentialQueries(
  query: CredentialSetsOf,
  presentation: Pick<ConsentPresentation, 'credentials'>,
): Set<string> {
  const held = new Set(presentation.credentials.filter((c) => c.held).map((c) => c.query_id));
  const sets = query.credential_sets;
  if (!sets) return held;
  const chosen = new Set<string>();
  for (const set of sets) {
    const option = set.options.find((ids) => ids.every((id) => held.has(id)));
    for (const id of option ?? []) chosen.add(id);
  }
  return chosen;
}
