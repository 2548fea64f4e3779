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
 *   `cred-...` of the document's `urn:pehchaan:credential:cred-...` id when no row has it yet,
 *   else a new one (`freeCredentialId`); issued_at/expires_at its validFrom/validUntil;
 *   permanent as the type is (Basic Identity).
 * Reads only; the callers (wallet use cases) insert the row in their transaction.
 */
import {
  CREDENTIAL_URN_PREFIX,
  credentialIdFromDocumentId,
  type DocumentTypeKey,
  getDocumentType,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { credentials } from '../db/schema';
import { newCredentialId } from '../lib/ids';
import type { VerifiedIssuedLdpVc } from '../lib/oid4vci/verify-issued-ldp-vc';
import { credentialAad } from '../lib/records';
import { sdJwtAad } from '../lib/sd-jwt-vc';
import type { TrustList } from '../lib/trust-list';
import type { Vault } from '../lib/vault';

/**
 * True when a checked ldp_vc (verify-issued-ldp-vc.ts) of `credentialIssuer` is a SPEC card: its
 * type is one of the ten and the trust list has the offering issuer, trusted for that type, with
 * the document's issuer among the DIDs it signs as.
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
    (entry.dids.includes(verified.issuer) || entry.identifier === verified.issuer)
  );
}

/** The document's own `cred-...` id when no credential row has it, else a new one. */
export async function freeCredentialId(
  db: DbOrTx,
  document: Record<string, unknown>,
): Promise<string> {
  const id = typeof document.id === 'string' ? document.id : '';
  const own = credentialIdFromDocumentId(id);
  if (!id.startsWith(CREDENTIAL_URN_PREFIX) || !/^cred-[0-9a-f]{32}$/.test(own)) {
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
  };
}
