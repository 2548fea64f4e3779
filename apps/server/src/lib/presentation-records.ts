/**
 * The consent-screen view of an OpenID4VP 1.0 request (issue 16; core's ConsentPresentation)
 * and how its stored row turns back into what lib/oid4vp answers with. Used by the services
 * receive-presentation-request, decide-consent-request and list-consent-requests.
 */
import {
  type ConsentPresentation,
  claimLabel,
  DOCUMENT_TYPE_LABELS,
  disclosableClaimsOf,
  type PresentationCredential,
} from '@pehchaan/core';
import type { RegisteredPurpose, RegisteredVerifier } from './deps';
import {
  type AuthorizationRequest,
  type ClaimsPath,
  type DescribedCredential,
  describeRequest,
  findMatchingCredential,
} from './oid4vp';
import type { PresentableReceivedCredential } from './received-records';

/** A request with no `exp` may be answered for this long after it arrived (10 minutes). */
export const DEFAULT_PRESENTATION_LIFETIME_MS = 10 * 60_000;

/** The purpose shown when neither the registry nor the request states one. */
export const PURPOSE_NOT_STATED = 'Not stated';

/**
 * SPEC 3's field labels ('Name', 'Aadhaar', 'PAN', ...) of the claims that have one, so a
 * presentation request's `fields` read like the seeded requests'; other claims use their
 * English claim label (core's CLAIM_LABELS).
 */
const SPEC_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  aadhaar_number: 'Aadhaar',
  phone: 'Phone',
  address: 'Address',
  date_of_birth: 'Date of Birth',
  pan_number: 'PAN',
  ckyc_number: 'CKYC Number',
};

/** The SPEC 3 `fields` of a presentation: each requested claim's label once, in order. */
export function fieldLabelsOf(presentation: ConsentPresentation): string[] {
  const labels = presentation.credentials.flatMap((credential) =>
    credential.claims.map((claim) => SPEC_FIELD_LABELS[claim.name] ?? claim.label),
  );
  return [...new Set(labels)];
}

/** The top-level claim a claims path discloses (SD-JWT VC disclosures are per top-level claim). */
function claimNameOf(path: readonly (string | number | null)[]): string {
  const [first] = path;
  return typeof first === 'string' ? first : path.map(String).join('.');
}

/** Claim name -> why the verifier's registered purpose needs it (RegisteredPurpose). */
type ClaimReasons = NonNullable<RegisteredPurpose['claimReasons']>;

/**
 * The consent screen's view of a query a received credential answers (OpenID4VP 1.0 section
 * 6.4): the credential's own name and claim labels (its display kept at receipt), every claim
 * it carries when the query lists none, and `received` naming it.
 */
function receivedCredentialOf(
  described: DescribedCredential,
  received: PresentableReceivedCredential,
  reasons: ClaimReasons,
): PresentationCredential {
  const carried = Object.keys(received.claims).sort();
  const claims =
    described.claims === 'all'
      ? carried.map((name) => ({ path: [name] as ClaimsPath, required: described.required }))
      : described.claims.map((claim) => ({ path: claim.path, required: claim.required }));
  const labelOf = (name: string, language: 'en' | 'hi') =>
    received.display.claim_labels[name] ?? claimLabel(name, language);
  return {
    query_id: described.id,
    document_type: received.documentType,
    document_name: received.display.name,
    document_name_hi: received.display.name,
    held: true,
    required: described.required,
    claims: requestedClaims(claims, reasons, labelOf),
    received: { credential_id: received.id, claims: carried },
  };
}

/**
 * The claims of one requested credential as the consent screen lists them: path, name, label in
 * English and Hindi (by `labelOf`), required or optional, and the verifier's reason for it
 * (SPEC 3's requested fields).
 */
function requestedClaims(
  claims: readonly { path: readonly (string | number | null)[]; required: boolean }[],
  reasons: ClaimReasons,
  labelOf: (name: string, language: 'en' | 'hi') => string,
) {
  return claims.map(({ path, required }) => {
    const name = claimNameOf(path);
    const reason = Object.hasOwn(reasons, name) ? reasons[name] : undefined;
    return {
      path: [...path],
      name,
      label: labelOf(name, 'en'),
      label_hi: labelOf(name, 'hi'),
      required,
      reason: reason?.en ?? null,
      reason_hi: reason?.hi ?? null,
    };
  });
}

function credentialOf(
  described: DescribedCredential,
  heldTypes: ReadonlySet<string>,
  reasons: ClaimReasons,
  answeredBy: PresentableReceivedCredential | undefined,
): PresentationCredential {
  const type = described.documentTypeKey;
  // The product's own document of the type first; else a received credential that matches.
  if (!(type !== undefined && heldTypes.has(type)) && answeredBy) {
    return receivedCredentialOf(described, answeredBy, reasons);
  }
  const names = type ? DOCUMENT_TYPE_LABELS[type].name : undefined;
  const claims =
    described.claims === 'all'
      ? (type ? disclosableClaimsOf(type) : []).map((name) => ({
          path: [name],
          required: described.required,
        }))
      : described.claims.map((claim) => ({ path: claim.path, required: claim.required }));
  return {
    query_id: described.id,
    document_type: type ?? null,
    document_name: names?.en ?? described.vctValues[0] ?? described.id,
    document_name_hi: names?.hi ?? described.vctValues[0] ?? described.id,
    held: type !== undefined && heldTypes.has(type),
    required: described.required,
    claims: requestedClaims(claims, reasons, claimLabel),
  };
}

/** The first received credential that answers the request's credential query `queryId`. */
function answeringCredential(
  request: Pick<AuthorizationRequest, 'dcqlQuery'>,
  queryId: string,
  received: readonly PresentableReceivedCredential[],
): PresentableReceivedCredential | undefined {
  const query = request.dcqlQuery.credentials.find((credential) => credential.id === queryId);
  return query ? findMatchingCredential(query, received) : undefined;
}

/**
 * The verifier's name as shown: a registered verifier's registered name; otherwise the host of
 * its response_uri (where the data would go). A self-asserted `client_name` is not shown as the
 * name of an unverified verifier: anyone could call themselves a bank.
 */
export function verifierNameOf(
  request: AuthorizationRequest,
  registered: RegisteredVerifier | undefined,
): string {
  if (request.verified && registered) return registered.name;
  return new URL(request.responseUri).host;
}

/**
 * The registered purpose a verified request names by `client_metadata.purpose_code` (signed
 * with the request object); a verifier with a single purpose needs no code. Undefined when the
 * code names none of its purposes: the screen then says the purpose is not stated rather than
 * guess.
 */
function purposeOf(
  registered: RegisteredVerifier | undefined,
  code: unknown,
): RegisteredPurpose | undefined {
  const purposes = registered?.purposes ?? [];
  if (typeof code === 'string') return purposes.find((purpose) => purpose.code === code);
  return purposes.length === 1 ? purposes[0] : undefined;
}

/** The request's DCQL credential_sets as the presentation carries them (`required` explicit). */
export function credentialSetsOf(
  request: Pick<AuthorizationRequest, 'dcqlQuery'>,
): ConsentPresentation['credential_sets'] {
  return request.dcqlQuery.credential_sets?.map((set) => ({
    options: set.options.map((option) => [...option]),
    required: set.required !== false,
  }));
}

/**
 * Builds the ConsentPresentation of a resolved request: each claim with the reason the
 * verifier's registered purpose gives for it (null for an unverified verifier, or a claim it
 * gives none for: the screen says "No reason given"), and the request's credential_sets.
 * A query the holder's own document of its type does not answer is matched against the
 * holder's received credentials (`received`; lib/oid4vp dcql-match.ts: format dc+sd-jwt or
 * vc+sd-jwt, `vct` among `meta.vct_values`, the claims asked present): the first that matches
 * answers it, shown by its own name and claim labels (`PresentationCredential.received`).
 * @param heldTypes the document types this holder holds (for `held`).
 * @param received the holder's presentable received credentials (default none).
 * @param expiresAt the request's `exp`, or its arrival + DEFAULT_PRESENTATION_LIFETIME_MS.
 */
export function presentationOf(options: {
  request: AuthorizationRequest;
  registered: RegisteredVerifier | undefined;
  publicOrigin: string;
  heldTypes: ReadonlySet<string>;
  received?: readonly PresentableReceivedCredential[];
  expiresAt: Date;
}): ConsentPresentation {
  const { request, registered } = options;
  const verified = request.verified && registered !== undefined;
  const metadata = request.clientMetadata as
    | { purpose?: unknown; purpose_code?: unknown }
    | undefined;
  const registeredPurpose = verified ? purposeOf(registered, metadata?.purpose_code) : undefined;
  const metadataPurpose = metadata?.purpose;
  const purpose =
    registeredPurpose?.text ??
    (typeof metadataPurpose === 'string' && metadataPurpose.trim() !== ''
      ? metadataPurpose.trim().slice(0, 500)
      : PURPOSE_NOT_STATED);
  return {
    verifier: {
      name: verifierNameOf(request, registered),
      verified,
      client_id: request.clientId,
    },
    purpose,
    retention_days: registeredPurpose?.retentionDays ?? null,
    grievance_contact: (verified ? registered?.grievanceContact : undefined) ?? null,
    expires_at: options.expiresAt.toISOString(),
    credentials: describeRequest(request, { publicOrigin: options.publicOrigin }).map((described) =>
      credentialOf(
        described,
        options.heldTypes,
        registeredPurpose?.claimReasons ?? {},
        answeringCredential(request, described.id, options.received ?? []),
      ),
    ),
    ...(request.dcqlQuery.credential_sets ? { credential_sets: credentialSetsOf(request) } : {}),
  };
}

/**
 * The stored presentation with its request's credential_sets: a presentation stored before
 * they were kept gets them from the stored request (`presentation_requests.request`).
 */
export function withCredentialSets(
  presentation: ConsentPresentation,
  storedRequest: unknown,
): ConsentPresentation {
  if (presentation.credential_sets !== undefined) return presentation;
  const dcqlQuery = (storedRequest as Partial<Pick<AuthorizationRequest, 'dcqlQuery'>> | null)
    ?.dcqlQuery;
  if (!dcqlQuery?.credential_sets) return presentation;
  return { ...presentation, credential_sets: credentialSetsOf({ dcqlQuery }) };
}
