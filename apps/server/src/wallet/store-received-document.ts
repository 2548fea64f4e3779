/**
 * Where a W3C Data Integrity credential received over OpenID4VCI goes (DECISIONS 4, 7 and 8;
 * docs/oid4vci.md "What the wallet stores where"): one of the SPEC's ten types from an issuer the
 * trust list trusts for that type is one of the holder's SPEC cards, a row of `credentials`
 * (document = the ldp_vc exactly as the issuer sent it, sd_jwt = its dc+sd-jwt sibling of the same
 * offer exactly as sent, or none), so it has every feature of a SPEC card (share links, QR, the
 * bare /verify/{id} link, PDF, the public-link switch, presentations). Everything else stays in
 * `received_credentials`.
 *
 * - `isSpecCard(trustList, credentialIssuer, verified)`: that decision.
 * - `credentialRowValues(...)`: the `credentials` row of such a credential: its id is the
 *   `cred-...` of the document's id (`urn:pehchaan:credential:cred-...`, or `urn:uuid:...` as
 *   core's credentialIdFromDocumentId reads it) when no row has it yet,
 *   else a new one (`freeCredentialId`); issued_at/expires_at its validFrom/validUntil;
 *   permanent as the type is (Basic Identity); what telling the issuer `credential_deleted`
 *   later needs (lib/oid4vci/card-exchange.ts), encrypted.
 * - `storeSpecCard(tx, ...)`: inserts such a card in the caller's transaction with a
 *   `credential_received` activity entry and answers its screen record (unmasked).
 */
import {
  type CredentialRecord,
  credentialIdFromDocumentId,
  type DocumentTypeKey,
  getDocumentType,
  isCardDocumentId,
  type VerifiableCredential,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { credentials } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import { newCredentialId } from '../lib/ids';
import { sealCardExchange } from '../lib/oid4vci/card-exchange';
import type { VerifiedIssuedLdpVc } from '../lib/oid4vci/verify-issued-ldp-vc';
import { credentialReceivedEntry, type ReceivedExchange } from '../lib/received-records';
import { credentialAad, toCredentialRecordFromDocument } from '../lib/records';
import { sdJwtAad } from '../lib/sd-jwt-vc';
import type { TrustList } from '../lib/trust-list';
import type { Vault } from '../lib/vault';

/**
 * True when a checked ldp_vc (verify-issued-ldp-vc.ts) of `credentialIssuer` is a SPEC card: its
 * type is one of the ten and the trust list has the offering issuer, trusted for that type, with
 * the document's issuer among the DIDs it signs as (an issuer named by its URL alone stays a
 * received credential: no key of the list is tied to its proof).
 */
export function isSpecCard(
  trustList: TrustList,
  credentialIssuer: string,
  verified: VerifiedIssuedLdpVc,
): verified is VerifiedIssuedLdpVc & { documentType: DocumentTypeKey } {
  if (!verified.documentType) return false;
  const entry = trustList.find({ identifier: credentialIssuer });
  return (
    entry !== undefined &&
    trustList.isTrusted({ identifier: credentialIssuer }, verified.documentType).trusted &&
    // A DID the entry names: the proof was made by its key (a did:key issuer must have signed),
    // so /verify and the W3C endpoints find it trusted as the wallet did.
    entry.dids.includes(verified.issuer)
  );
}

/** The document's own `cred-...` id when no credential row has it, else a new one. */
export async function freeCredentialId(
  db: DbOrTx,
  document: Record<string, unknown>,
): Promise<string> {
  const id = typeof document.id === 'string' ? document.id : '';
  const own = credentialIdFromDocumentId(id);
  if (!isCardDocumentId(id) || !/^cred-[0-9a-f]{32}$/.test(own)) {
    return newCredentialId();
  }
  const [taken] = await db
    .select({ id: credentials.id })
    .from(credentials)
    .where(eq(credentials.id, own));
  return taken ? newCredentialId() : own;
}

/** The `credentials` row values of a SPEC card received as ldp_vc (see the module docs). */
export function credentialRowValues(options: {
  id: string;
  userId: string;
  documentType: DocumentTypeKey;
  /** The ldp_vc's JSON text as the issuer sent it. */
  issued: string;
  verified: VerifiedIssuedLdpVc;
  /** Its SD-JWT VC sibling as the issuer sent it, if the offer had one. */
  sdJwt: string | undefined;
  /** The exchange's notification endpoint, access token and the card's notification ids. */
  exchange?: Parameters<typeof sealCardExchange>[2] | undefined;
  vault: Vault;
  now: Date;
}): typeof credentials.$inferInsert {
  const { id, vault } = options;
  return {
    id,
    userId: options.userId,
    documentType: options.documentType,
    documentCiphertext: vault.encrypt(options.issued, credentialAad(id)),
    sdJwtCiphertext:
      options.sdJwt === undefined ? null : vault.encrypt(options.sdJwt, sdJwtAad(id)),
    issuedAt: options.verified.validFrom ?? options.now,
    expiresAt: options.verified.validUntil ?? null,
    permanent: getDocumentType(options.documentType)?.permanent ?? false,
    issuerExchangeCiphertext: options.exchange
      ? sealCardExchange(vault, id, options.exchange)
      : null,
  };
}

/** A received credential as the accept use case holds it (its issued form and checks). */
interface ReceivedForm {
  issued: string | undefined;
  ldpVc?: VerifiedIssuedLdpVc | undefined;
  /** Its exchange (notification endpoint, id, access token), told on the card's deletion. */
  exchange?: ReceivedExchange | undefined;
}

/**
 * Stores a SPEC card (an ldp_vc and its SD-JWT VC sibling) in `credentials`, with a
 * `credential_received` activity entry, in the caller's transaction.
 * @returns its screen record (unmasked).
 * @throws Error for a card without a checked ldp_vc (a bug); database errors (a unique
 *   violation when the holder got the type meanwhile: the caller answers SPEC 5's refusal).
 */
export async function storeSpecCard(
  tx: DbOrTx,
  card: {
    documentType: DocumentTypeKey;
    ldpVc: ReceivedForm;
    sdJwt: ReceivedForm | undefined;
    userId: string;
    vault: Vault;
    now: Date;
    clock: () => Date;
    issuerName: string;
  },
): Promise<CredentialRecord> {
  const verified = card.ldpVc.ldpVc;
  const issued = card.ldpVc.issued;
  if (!verified || issued === undefined) throw new Error('A SPEC card needs a checked ldp_vc');
  const id = await freeCredentialId(tx, verified.document);
  const [row] = await tx
    .insert(credentials)
    .values(
      credentialRowValues({
        id,
        userId: card.userId,
        documentType: card.documentType,
        issued,
        verified,
        sdJwt: card.sdJwt?.issued,
        exchange: {
          notification_endpoint: card.ldpVc.exchange?.notification_endpoint,
          access_token: card.ldpVc.exchange?.access_token,
          notification_ids: [
            card.ldpVc.exchange?.notification_id,
            card.sdJwt?.exchange?.notification_id,
          ],
        },
        vault: card.vault,
        now: card.now,
      }),
    )
    .returning();
  if (!row) throw new Error('The received credential was not stored');
  await recordActivity({
    db: tx,
    now: card.clock,
    userId: card.userId,
    ...credentialReceivedEntry(card.documentType, card.issuerName),
  });
  return toCredentialRecordFromDocument(row, verified.document as unknown as VerifiableCredential);
}
