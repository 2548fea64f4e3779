/**
 * Issues the consent receipt of one event of a holder's consent request (issue 17; ISO/IEC TS
 * 27560 with DPV, core's consent/receipt.ts; docs/api-contract.md "Consent receipts"): every
 * decision (approved, rejected) and later state (withdrawn, expired). The receipt is a W3C VC
 * 2.0 signed with eddsa-jcs-2022 by the wallet's consent registry key and stored in
 * `consent_receipts` for the holder (and, through `verifier_request_id`, for the registered
 * verifier whose request the consent answered).
 *
 * What it records:
 * - the data principal by a pseudonymous id per holder and data fiduciary (a keyed hash under
 *   the master key: the same for every receipt to one organisation, unlinkable across
 *   organisations, never the Aadhaar number or the user id);
 * - the data fiduciary: a registered verifier (by the request's did, else by the requester's
 *   name) with its did and grievance contact; else the request's own verifier identity, or a
 *   URN made from the requester's name;
 * - the purpose (text, and the registered purpose code when known) and the data items: for an
 *   approval with a presentation, the claims disclosed (name, label, credential); for a
 *   withdrawal or expiry, those of the consent's approval receipt; otherwise the items asked for
 *   (a rejection, a SPEC 3 request without a presentation);
 * - the events: requested, then given or refused, then withdrawn or expired, with their times;
 * - the SHA-256 of the vp_token sent (the `vp_token` form value exactly as posted to the
 *   verifier: JSON.stringify of the DCQL vp_token, as @openid4vc's form encoding does), for an
 *   approval, and copied into a later withdrawal's or expiry's receipt.
 *
 * Input: { db (a transaction too), vault, now, publicOrigin, consentRegistry, userId,
 * consentRequestId, event, at (the event's time), presentation?, noticeLanguage?, known? (the
 * request and its OpenID4VP side when the caller has them: one read fewer; and for an approval
 * delivered to this server's own verifier in process, what that verifier accepted: the
 * registered verifier and its request are then not looked up, two reads fewer) }.
 * Output: the stored receipt as the API lists it (core's ConsentReceiptRecord).
 * Errors: AppError 'consent_request_not_found' (404) when the holder has no such request.
 */
import { createHash } from 'node:crypto';
import {
  buildConsentReceipt,
  type ConsentDataItem,
  type ConsentEventEntry,
  type ConsentPresentation,
  type ConsentReceiptEvent,
  type ConsentReceiptRecord,
  consentPresentationSchema,
  createEddsaJcs2022Proof,
  MESSAGES,
  readConsentReceipt,
  STATE_OF_EVENT,
} from '@pehchaan/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import {
  type ConsentRequestRow,
  consentReceipts,
  consentRequests,
  type PresentationRequestRow,
  presentationRequests,
  verifierRequests,
  verifiers,
} from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { authorizationRequestOf } from '../lib/oid4vp';
import { prepared } from '../lib/prepared';
import { consentReceiptRecordOf } from '../lib/records';

/** One credential of a presentation as disclosed: its name and the claims sent. */
export interface DisclosedCredential {
  /** The credential's name as the holder reads it ('PAN Card'). */
  documentName: string;
  claims: readonly { name: string; label: string }[];
}

export interface IssueConsentReceiptOptions
  extends Pick<ServiceDeps, 'vault' | 'now' | 'publicOrigin' | 'consentRegistry'> {
  db: DbOrTx;
  userId: string;
  consentRequestId: string;
  event: ConsentReceiptEvent;
  /** When the event happened (the decision, withdrawal or expiry time). */
  at: Date;
  /** An approval that disclosed a presentation: the vp_token sent and what it disclosed. */
  presentation?: { vpToken: Record<string, string[]>; disclosed: readonly DisclosedCredential[] };
  /** The language the holder read the request in (BCP 47); default the approval's, else 'en'. */
  noticeLanguage?: string;
  /**
   * The request as the caller's transaction just wrote it and its OpenID4VP side as the decision
   * used it (consent/ledger.ts `transition`): not read again.
   */
  known?: {
    consent: ConsentRequestRow;
    details: PresentationRequestRow | null;
    /**
     * The presentation this server's own verifier accepted in process (lib/roles.ts
     * LocalDelivery `accepted()`): used for the receipt's data fiduciary and verifier request
     * only when its verifier's did is the request's verifier did and its vp_token digest is the
     * one this receipt names (else both are looked up as for any other verifier).
     */
    delivered?: DeliveredPresentation;
  };
}

/** What this server's own verifier accepted (see IssueConsentReceiptOptions `known`). */
export interface DeliveredPresentation {
  verifier: { id: string; did: string; grievanceContact: string | null };
  requestId: string;
  purposeCode: string;
  vpTokenSha256: string;
}

/** The exact `vp_token` form value posted for `vpToken`, and its SHA-256 (hex). */
export function vpTokenDigest(vpToken: Record<string, string[]>): string {
  return createHash('sha256').update(JSON.stringify(vpToken), 'utf8').digest('hex');
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'unnamed';

/** 32 hex characters of a keyed hash: ids that do not reveal what they are made from. */
const keyedId = (options: IssueConsentReceiptOptions, value: string) =>
  options.vault.lookupHmac(value).slice(0, 32);

/** The items a request asked for (a rejection, or a SPEC 3 request). */
function requestedItems(
  presentation: ConsentPresentation | undefined,
  fields: readonly string[],
): ConsentDataItem[] {
  if (!presentation) return fields.map((label) => ({ claim: label, label, source: null }));
  return presentation.credentials.flatMap((credential) =>
    credential.claims.map((claim) => ({
      claim: claim.name,
      label: claim.label,
      source: credential.document_name,
    })),
  );
}

export async function issueConsentReceipt(
  options: IssueConsentReceiptOptions,
): Promise<ConsentReceiptRecord> {
  const { db, userId, consentRequestId, event } = options;
  const [row] = options.known
    ? [options.known]
    : await db
        .select({ consent: consentRequests, details: presentationRequests })
        .from(consentRequests)
        .leftJoin(
          presentationRequests,
          eq(presentationRequests.consentRequestId, consentRequests.id),
        )
        .where(and(eq(consentRequests.id, consentRequestId), eq(consentRequests.userId, userId)));
  if (!row) throw new AppError('consent_request_not_found', MESSAGES.consentRequestNotFound);
  const { consent, details } = row;
  const presentation = details ? consentPresentationSchema.parse(details.presentation) : undefined;
  const request = details ? authorizationRequestOf(details) : undefined;

  const presentationSha256 = options.presentation
    ? vpTokenDigest(options.presentation.vpToken)
    : undefined;
  // The presentation this server's own verifier just accepted: the same verifier (by did) and
  // the same request (by the digest) the lookups below would find.
  const delivered = options.known?.delivered;
  const accepted =
    delivered &&
    request?.verifierDid !== undefined &&
    delivered.verifier.did === request.verifierDid &&
    presentationSha256 !== undefined &&
    delivered.vpTokenSha256 === presentationSha256
      ? delivered
      : undefined;

  // The data fiduciary: a registered verifier when it is one.
  const [registered]: { id: string; did: string; grievanceContact: string | null }[] = accepted
    ? [accepted.verifier]
    : request?.verifierDid
      ? await db.select().from(verifiers).where(eq(verifiers.did, request.verifierDid))
      : await db.select().from(verifiers).where(eq(verifiers.name, consent.requester));
  const fiduciary = {
    id:
      registered?.did ??
      request?.verifierDid ??
      (request ? request.clientId : `urn:pehchaan:data-fiduciary:${slug(consent.requester)}`),
    name: presentation?.verifier.name ?? consent.requester,
    contact: presentation?.grievance_contact ?? registered?.grievanceContact ?? null,
  };

  // What an approval recorded, for a later withdrawal or expiry.
  const [approval] =
    event === 'withdrawn' || event === 'expired'
      ? await db
          .select()
          .from(consentReceipts)
          .where(
            and(
              eq(consentReceipts.consentRequestId, consentRequestId),
              eq(consentReceipts.userId, userId),
              eq(consentReceipts.event, 'approved'),
            ),
          )
          .orderBy(desc(consentReceipts.issuedAt))
          .limit(1)
      : [];
  const approved = approval ? readConsentReceipt(approval.document) : null;

  const dataPrincipal = `urn:pehchaan:data-principal:${keyedId(options, `data-principal:${userId}:${fiduciary.id}`)}`;
  const items: ConsentDataItem[] = options.presentation
    ? options.presentation.disclosed.flatMap((credential) =>
        credential.claims.map((claim) => ({
          claim: claim.name,
          label: claim.label,
          source: credential.documentName,
        })),
      )
    : (approved?.items ?? requestedItems(presentation, consent.fields));
  const receiptSha256 = presentationSha256 ?? approval?.presentationSha256 ?? null;

  // The registered verifier's own request this consent answers, when it is on this server: the
  // one that accepted the presentation this receipt names (by its vp_token's SHA-256), or the
  // request a seeded consent was made for (one holder's own). Never by nonce or state: a link
  // several holders opened must not join one holder's receipt to another's request.
  let verifierRequest: { id: string; purposeCode: string } | undefined = accepted
    ? { id: accepted.requestId, purposeCode: accepted.purposeCode }
    : undefined;
  if (!accepted && details && registered && (receiptSha256 || details.verifierRequestId)) {
    const [found] = await db
      .select({ id: verifierRequests.id, purposeCode: verifierRequests.purposeCode })
      .from(verifierRequests)
      .where(
        and(
          eq(verifierRequests.verifierId, registered.id),
          receiptSha256
            ? eq(verifierRequests.vpTokenSha256, receiptSha256)
            : eq(verifierRequests.id, details.verifierRequestId as string),
        ),
      );
    verifierRequest = found;
  }
  const purposeCode =
    verifierRequest?.purposeCode ??
    (typeof request?.clientMetadata?.purpose_code === 'string'
      ? request.clientMetadata.purpose_code
      : null);

  const events: ConsentEventEntry[] = [{ state: 'requested', at: consent.requestedAt }];
  const given = approved?.events.find((entry) => entry.state === 'given');
  if (given) events.push({ state: 'given', at: new Date(given.at), by: dataPrincipal });
  events.push({
    state: STATE_OF_EVENT[event],
    at: options.at,
    ...(event === 'expired' ? {} : { by: dataPrincipal }),
  });

  const receiptId = newId('receipt');
  const issuedAt = options.now();
  const registry = options.consentRegistry;
  const unsigned = buildConsentReceipt({
    origin: options.publicOrigin,
    receiptId,
    recordId: keyedId(
      options,
      `consent-record:${consentRequestId}:${consent.requestedAt.toISOString()}`,
    ),
    issuer: { id: registry.did, name: registry.name },
    issuedAt,
    dataPrincipal,
    dataFiduciary: fiduciary,
    purpose: { code: purposeCode, text: consent.purpose },
    items,
    noticeLanguage: options.noticeLanguage ?? approved?.noticeLanguage ?? 'en',
    events,
    presentationSha256: receiptSha256,
  });
  const document = await createEddsaJcs2022Proof(unsigned, {
    verificationMethod: registry.verificationMethod,
    created: `${issuedAt.toISOString().slice(0, 19)}Z`,
    sign: registry.sign,
  });
  const [stored] = await prepared(db, 'insert_consent_receipt', (handle) =>
    handle
      .insert(consentReceipts)
      .values({
        id: sql.placeholder('id'),
        userId: sql.placeholder('userId'),
        consentRequestId: sql.placeholder('consentRequestId'),
        event: sql.placeholder('event'),
        dataFiduciary: sql.placeholder('dataFiduciary'),
        verifierId: sql.placeholder('verifierId'),
        verifierRequestId: sql.placeholder('verifierRequestId'),
        presentationSha256: sql.placeholder('presentationSha256'),
        issuedAt: sql.placeholder('issuedAt'),
        document: sql.placeholder('document'),
      })
      .returning()
      .prepare('insert_consent_receipt'),
  ).execute({
    id: receiptId,
    userId,
    consentRequestId,
    event,
    dataFiduciary: fiduciary.name,
    verifierId: registered?.id ?? null,
    verifierRequestId: verifierRequest?.id ?? null,
    presentationSha256: receiptSha256,
    issuedAt,
    document,
  });
  if (!stored) throw new Error('The consent receipt was not stored');
  return consentReceiptRecordOf(stored, options.publicOrigin);
}
