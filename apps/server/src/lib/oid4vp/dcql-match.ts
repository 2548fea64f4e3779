/**
 * Which of the holder's credentials answers a DCQL credential query (OpenID4VP 1.0 section 6.4:
 * a credential matches a Credential Query when its format, its `meta` and its claims fit; with
 * `claim_sets`, the claims of at least one set). Pure: the caller hands in the candidates with
 * their claims (every disclosure applied) and gets the first that fits.
 *
 * Formats: a query of format `dc+sd-jwt` is answered by an SD-JWT VC under either media type,
 * `dc+sd-jwt` or the older `vc+sd-jwt` (IETF SD-JWT VC section 3.2.1 renamed the latter to the
 * former; UIDAI's Aadhaar profile still issues `vc+sd-jwt`): the credential is the same.
 * `meta.vct_values` (appendix B.3.5): the credential's `vct` must be one of them, exactly.
 * Claims (6.3, 7): each claims path pointer is walked through the credential's claims (a string
 * a key of an object, a number an index of an array, null every element of an array); a claim
 * with `values` matches when one reached value equals one of them.
 */
import type { ClaimsPath, ClaimsQuery, CredentialQuery } from './dcql';

/** The credential formats that answer a `dc+sd-jwt` query (SD-JWT VC, both media types). */
export const SD_JWT_VC_FORMATS: readonly string[] = ['dc+sd-jwt', 'vc+sd-jwt'];

/** One credential the holder could present, as the matcher sees it. */
export interface DcqlCandidate {
  /** Its format: 'dc+sd-jwt', 'vc+sd-jwt', 'ldp_vc', ... */
  format: string;
  /** Its SD-JWT VC `vct` (null when it has none). */
  vct: string | null;
  /** Its claims, every disclosure applied (what it can disclose). */
  claims: Readonly<Record<string, unknown>>;
}

/** The values a claims path pointer reaches in `claims` (none when the path leads nowhere). */
export function valuesAtPath(claims: unknown, path: ClaimsPath): unknown[] {
  let current: unknown[] = [claims];
  for (const step of path) {
    const next: unknown[] = [];
    for (const value of current) {
      if (step === null) {
        if (Array.isArray(value)) next.push(...value);
      } else if (typeof step === 'number') {
        if (Array.isArray(value) && step < value.length) next.push(value[step]);
      } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        if (Object.hasOwn(value, step)) next.push((value as Record<string, unknown>)[step]);
      }
    }
    current = next;
  }
  return current;
}

function claimHolds(claim: ClaimsQuery, claims: Readonly<Record<string, unknown>>): boolean {
  const reached = valuesAtPath(claims, claim.path);
  if (reached.length === 0) return false;
  return !claim.values || reached.some((value) => claim.values?.some((v) => v === value));
}

/** True when `candidate` answers `query` (see the module docs). */
export function matchesCredentialQuery(query: CredentialQuery, candidate: DcqlCandidate): boolean {
  if (query.format === 'dc+sd-jwt' && !SD_JWT_VC_FORMATS.includes(candidate.format)) return false;
  if (candidate.vct === null || !query.meta.vct_values.includes(candidate.vct)) return false;
  const queried = query.claims ?? [];
  if (!query.claim_sets) return queried.every((claim) => claimHolds(claim, candidate.claims));
  return query.claim_sets.some((set) =>
    set.every((id) => {
      const claim = queried.find((c) => c.id === id);
      return claim !== undefined && claimHolds(claim, candidate.claims);
    }),
  );
}

/** The first of `candidates` that answers `query`, or undefined. */
export function findMatchingCredential<T extends DcqlCandidate>(
  query: CredentialQuery,
  candidates: readonly T[],
): T | undefined {
  return candidates.find((candidate) => matchesCredentialQuery(query, candidate));
}
