/**
 * Credentials received over OpenID4VCI in the holder's export and backups (core
 * api/export.ts `exportedReceivedCredentialSchema`, export version 2; docs/oid4vci.md "Backups
 * and export"). Reads only: the wallet role writes `received_credentials`
 * (wallet/restore-received-credentials.ts brings them back).
 *
 * What leaves: each credential exactly as issued (the compact SD-JWT byte for byte; an ldp_vc
 * document as its JSON object), its format, Credential Issuer Identifier, `vct`, the display
 * data fixed at receipt, its state and dates. What never leaves: the exchange kept beside it
 * (access token, transaction id, notification id, endpoints: lib/received-records.ts
 * ReceivedExchange), bearer secrets for the issuer.
 */
import type { DocumentTypeKey, ExportedReceivedCredential, ReceivedFormat } from '@pehchaan/core';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { type ReceivedCredentialRow, receivedCredentials } from '../db/schema';
import { readIssuedCredential } from './received-records';
import type { Vault } from './vault';

/** The format of a stored row (the column holds core's RECEIVED_FORMATS). */
function formatOf(row: ReceivedCredentialRow): ReceivedFormat {
  return row.format === 'vc+sd-jwt' || row.format === 'ldp_vc' ? row.format : 'dc+sd-jwt';
}

/**
 * The issued form as an export carries it: the SD-JWT text, or an ldp_vc's document parsed
 * (stored as JSON text); null while pending.
 */
function exportedForm(
  row: ReceivedCredentialRow,
  vault: Vault,
): ExportedReceivedCredential['credential'] {
  const issued = readIssuedCredential(row, vault);
  if (issued === undefined) return null;
  if (formatOf(row) !== 'ldp_vc') return issued;
  try {
    const document: unknown = JSON.parse(issued);
    return typeof document === 'object' && document !== null && !Array.isArray(document)
      ? (document as Record<string, unknown>)
      : issued;
  } catch {
    return issued;
  }
}

/** One stored received credential as an export carries it (see the module docs). */
export function toExportedReceivedCredential(
  row: ReceivedCredentialRow,
  vault: Vault,
): ExportedReceivedCredential {
  return {
    id: row.id,
    format: formatOf(row),
    credential_issuer: row.credentialIssuer,
    vct: row.vct,
    display: row.display,
    state: row.state === 'pending' ? 'pending' : 'issued',
    credential: exportedForm(row, vault),
    issued_at: row.issuedAt.toISOString(),
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
    received_at: row.receivedAt.toISOString(),
  };
}

/**
 * Every credential holder `userId` received from issuers, oldest first, as an export carries
 * them. @throws when a stored ciphertext does not decrypt (a 500, as for the other documents).
 */
export async function exportReceivedCredentials(
  db: DbOrTx,
  vault: Vault,
  userId: string,
): Promise<ExportedReceivedCredential[]> {
  const rows = await db
    .select()
    .from(receivedCredentials)
    .where(eq(receivedCredentials.userId, userId))
    .orderBy(asc(receivedCredentials.receivedAt), asc(receivedCredentials.id));
  return rows.map((row) => toExportedReceivedCredential(row, vault));
}

/**
 * A backup's received credential the wallet checked again (signature, binding, issuer) and may
 * store (wallet/restore-received-credentials.ts): the values of its row.
 */
export interface CheckedReceivedCredential {
  id: string;
  format: ReceivedFormat;
  credentialIssuer: string;
  vct: string | null;
  /** Catalogue key when it is one of the SPEC's ten types (SPEC 5), else null. */
  documentType: DocumentTypeKey | null;
  display: ExportedReceivedCredential['display'];
  /** The issued form to store (the SD-JWT as issued; an ldp_vc document as JSON text). */
  issued: string;
  issuedAt: Date;
  expiresAt: Date | null;
  receivedAt: Date;
}
