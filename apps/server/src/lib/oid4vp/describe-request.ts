/**
 * What the consent screen shows for a request (OpenID4VP 1.0 section 6.4 "Selecting Claims and
 * Credentials"): per DCQL credential query, the product's document type (from its
 * `vct` = `{PUBLIC_ORIGIN}/vct/{documentTypeKey}`, DECISIONS 7), each requested claim path and
 * whether it is required.
 *
 * Required and optional follow the query's options: with `claim_sets`, a claim in every set is
 * required, the others optional, and the first set is the verifier's preference (6.4.2); without
 * `claim_sets` every listed claim is required; without `claims` the whole credential is asked for.
 * Credentials likewise: without `credential_sets` all are required; with them a credential is
 * required when a required set has it in every option, and preferred when it is in a set's first
 * option (6.4.1).
 */
import { type DocumentTypeKey, documentTypeOfVct } from '@pehchaan/core';
import type { ClaimsPath } from './dcql';
import type { AuthorizationRequest } from './resolve-request';

/** One requested claim. */
export interface DescribedClaim {
  /** The DCQL claim id, when the query gave one. */
  id?: string;
  /** The claims path pointer (OpenID4VP 1.0 section 7), e.g. ['pan_number']. */
  path: ClaimsPath;
  required: boolean;
  /** In the verifier's first (preferred) claim set, or required. */
  preferred: boolean;
}

/** One requested credential. */
export interface DescribedCredential {
  /** The DCQL credential query id (the key of its vp_token entry). */
  id: string;
  /** The product's document type, when a vct is `{publicOrigin}/vct/{key}`. */
  documentTypeKey?: DocumentTypeKey;
  vctValues: string[];
  required: boolean;
  preferred: boolean;
  /** Several credentials may answer this query. */
  multiple: boolean;
  /** The requested claims, or 'all' when the query lists none (the whole credential). */
  claims: DescribedClaim[] | 'all';
}

/**
 * Describes each credential query of `request.dcqlQuery` for the consent screen.
 * @param options.publicOrigin AppConfig.publicOrigin (ServiceDeps.publicOrigin).
 * @returns one entry per credential query, in the query's order.
 */
export function describeRequest(
  request: Pick<AuthorizationRequest, 'dcqlQuery'>,
  options: { publicOrigin: string },
): DescribedCredential[] {
  const { credentials, credential_sets: credentialSets } = request.dcqlQuery;
  return credentials.map((query) => {
    const required =
      credentialSets === undefined ||
      credentialSets.some(
        (set) => set.required !== false && set.options.every((option) => option.includes(query.id)),
      );
    const preferred =
      required || (credentialSets ?? []).some((set) => set.options[0]?.includes(query.id) === true);
    let claims: DescribedClaim[] | 'all' = 'all';
    if (query.claims) {
      const sets = query.claim_sets;
      claims = query.claims
        .filter((claim) => sets === undefined || sets.some((set) => set.includes(claim.id ?? '')))
        .map((claim) => {
          const claimRequired =
            sets === undefined || sets.every((set) => set.includes(claim.id ?? ''));
          return {
            ...(claim.id === undefined ? {} : { id: claim.id }),
            path: claim.path,
            required: claimRequired,
            preferred: claimRequired || sets?.[0]?.includes(claim.id ?? '') === true,
          };
        });
    }
    const documentTypeKey = query.meta.vct_values
      .map((vct) => documentTypeOfVct(options.publicOrigin, vct))
      .find((key) => key !== undefined);
    return {
      id: query.id,
      ...(documentTypeKey ? { documentTypeKey } : {}),
      vctValues: query.meta.vct_values,
      required,
      preferred,
      multiple: query.multiple === true,
      claims,
    };
  });
}
