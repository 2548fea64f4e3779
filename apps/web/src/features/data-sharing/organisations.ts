/**
 * "Who has my data" (issue 17; DPDP Act s.11(1)(b), the data principal's right to a summary of
 * the personal data processed and of the processing): the holder's consent receipts grouped by
 * organisation (data fiduciary), each consent with what the organisation received (claim labels
 * and the credential they came from), when, for which purpose, its state and its receipts, and
 * the grievances and erasure requests sent about it. Pure: the screen hands in the three lists.
 *
 * A consent is one consent record (its receipts share the record id); its facts come from its
 * receipts (what was actually disclosed, signed), its state from the latest one; the consent
 * request (when the holder still has it, and this is its newest record) is what the Withdraw
 * action names. A grievance or erasure request belongs to the consent whose receipt it carried.
 */
import {
  type ConsentDataItem,
  type ConsentReceiptRecord,
  type ConsentReceiptView,
  type ConsentRequest,
  type ConsentState,
  type RightsRequest,
  readConsentReceipt,
} from '@pehchaan/core';

/** One consent given to (or refused) an organisation. */
export interface OrganisationConsent {
  /** The consent record's id (one per consent: a reset request makes a new one). */
  key: string;
  /** The holder's consent request, when it is still in their list. */
  consentRequestId: string | null;
  purpose: string;
  /** The state now, from the latest receipt: given (active), refused, withdrawn, expired. */
  state: ConsentState | null;
  /** When the organisation got the data (consent given); null when it never did. */
  givenAt: string | null;
  /** When the state last changed (the latest receipt's event). */
  changedAt: string;
  /** What the organisation received (empty when nothing was disclosed). */
  received: ConsentDataItem[];
  /** Receipts, newest first. */
  receipts: ConsentReceiptRecord[];
  /** Grievances and erasure requests about this consent, newest first. */
  rightsRequests: RightsRequest[];
  /** The holder may withdraw it now (given, and the request is in their list). */
  canWithdraw: boolean;
}

/** One organisation that asked the holder for data. */
export interface Organisation {
  name: string;
  /** Where to send a grievance outside Pehchaan (DPDP Act s.8(10)); null when not known. */
  grievanceContact: string | null;
  /** A registered verifier: grievances and erasure requests reach it in its portal. */
  registered: boolean;
  /** The registered verifier's id (its receipts' `verifier_id`); null when not registered. */
  verifierId: string | null;
  consents: OrganisationConsent[];
}

interface Group {
  consentRequestId: string | null;
  receipts: { record: ConsentReceiptRecord; view: ConsentReceiptView }[];
}

/**
 * Groups `receipts` (any order) by organisation and consent. Organisations are ordered by their
 * most recent receipt, consents likewise; receipts that cannot be read are left out.
 */
export function groupByOrganisation(
  receipts: readonly ConsentReceiptRecord[],
  consents: readonly ConsentRequest[],
  rightsRequests: readonly RightsRequest[],
): Organisation[] {
  const byId = new Map(consents.map((consent) => [consent.id, consent]));
  const groups = new Map<string, Map<string, Group>>();
  const newest = [...receipts].sort((a, b) => b.issued_at.localeCompare(a.issued_at));
  for (const record of newest) {
    const view = readConsentReceipt(record.receipt);
    if (!view) continue;
    const organisation = groups.get(record.data_fiduciary) ?? new Map<string, Group>();
    groups.set(record.data_fiduciary, organisation);
    // One consent record: Reset Requests makes a new consent under the same request id, and a
    // new record (its receipts name another record id).
    const key = view.recordId ?? record.consent_request_id ?? record.id;
    const group = organisation.get(key) ?? {
      consentRequestId: record.consent_request_id,
      receipts: [],
    };
    organisation.set(key, group);
    group.receipts.push({ record, view });
  }
  // Groups are met newest first: only the newest record of a consent request is its live one.
  const live = new Set<string>();
  return [...groups].map(([name, organisation]) => {
    const listed = [...organisation].map(([key, group]) => {
      const current = group.consentRequestId !== null && !live.has(group.consentRequestId);
      if (group.consentRequestId !== null) live.add(group.consentRequestId);
      return consentOf(key, group, current ? byId : new Map(), rightsRequests);
    });
    const latest = listed[0]?.receipts[0];
    const view = latest ? readConsentReceipt(latest.receipt) : null;
    return {
      name,
      grievanceContact: view?.dataFiduciary.contact ?? null,
      registered: listed.some((consent) => consent.receipts.some((r) => r.verifier_id !== null)),
      verifierId:
        listed.flatMap((consent) => consent.receipts).find((r) => r.verifier_id !== null)
          ?.verifier_id ?? null,
      consents: listed,
    };
  });
}

function consentOf(
  key: string,
  group: Group,
  byId: ReadonlyMap<string, ConsentRequest>,
  rightsRequests: readonly RightsRequest[],
): OrganisationConsent {
  const [latest] = group.receipts;
  const given = group.receipts.find(({ view }) => view.state === 'given');
  const givenAt =
    (given ?? latest)?.view.events.find((event) => event.state === 'given')?.at ?? null;
  const state = latest?.view.state ?? null;
  const request = group.consentRequestId ? byId.get(group.consentRequestId) : undefined;
  return {
    key,
    consentRequestId: group.consentRequestId,
    purpose: request?.purpose ?? latest?.view.purpose.text ?? '',
    state,
    givenAt,
    changedAt: latest?.view.events.at(-1)?.at ?? latest?.record.issued_at ?? '',
    received: givenAt ? (given?.view.items ?? latest?.view.items ?? []) : [],
    receipts: group.receipts.map(({ record }) => record),
    rightsRequests: rightsRequests.filter(
      (sent) =>
        sent.receipt_id !== null &&
        group.receipts.some(({ record }) => record.id === sent.receipt_id),
    ),
    canWithdraw: state === 'given' && request?.status === 'approved',
  };
}

/** The holder's share links that still answer (anyone with the link can open them). */
export function openShares<T extends { status: string }>(shares: readonly T[]): T[] {
  return shares.filter((share) => share.status === 'active');
}
