/**
 * The SD-JWT VC of one stored credential (DECISIONS D7.2): the stored one, decrypted, or, for a
 * credential issued before SD-JWT VCs existed, issued now from its stored W3C document (same
 * issuer key, claims and dates, so both views still describe one issuance), then stored
 * encrypted beside the document.
 *
 * Legacy rows only: credentials are received from the issuers over OpenID4VCI now (DECISIONS 8;
 * Add Credentials, wallet/generate-credential.ts), each with the SD-JWT VC its issuer signed. This
 * path signs inside the wallet solely for documents stored before that (bound to the product's
 * holder DID `did:pehchaan:{userId}`); a document bound to the holder's did:key without an SD-JWT
 * VC (its issuer sent the W3C form only, or a backup restored the document alone) has none:
 * AppError 'received_credential_unsupported' (409).
 *
 * Input: { ...deps, row } (the holder's credential row, already found by the caller).
 * Output: the compact SD-JWT VC with every disclosure (lib/sd-jwt-vc.ts has the shape).
 * Race-safe: the store is conditional on the column still being empty, and the loser reads the
 * winner's back, so a credential never has two SD-JWT VCs.
 * Errors: 'received_credential_unsupported' (409, see above); a document or key that does not
 * decrypt is a 500.
 */
import {
  holderDid,
  isDocumentTypeKey,
  type VerifiableCredential,
  verifiableCredentialSchema,
} from '@pehchaan/core';
import { and, eq, isNull } from 'drizzle-orm';
import { type CredentialRow, credentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { loadHolderKey } from '../lib/holder-keys';
import { readCredentialDocument } from '../lib/records';
import { sdJwtAad, signSdJwtVc } from '../lib/sd-jwt-vc';

export interface IssueSdJwtVcOptions extends ServiceDeps {
  row: CredentialRow;
}

/**
 * Signs the SD-JWT VC view of `document` for holder `userId` (their key-binding key is made on
 * first use). Shared by generate-credential (at issuance) and issueSdJwtVc (lazily).
 * @throws {Error} when the stored document type or issuer is unknown (a corrupt row: a 500).
 */
export async function signSdJwtVcOf(
  options: ServiceDeps & { userId: string; documentType: string; document: VerifiableCredential },
): Promise<string> {
  const { document, documentType } = options;
  if (!isDocumentTypeKey(documentType)) throw new Error(`Unknown document type ${documentType}`);
  const issuerName = options.issuers.nameByDid.get(document.issuer.id);
  if (!issuerName) throw new Error(`The issuer of ${documentType} has no key here`);
  const holderKey = await loadHolderKey({ ...options, userId: options.userId });
  return signSdJwtVc({
    document,
    documentType,
    issuer: options.issuers.get(issuerName),
    holderJwk: holderKey.publicJwk,
    publicOrigin: options.publicOrigin,
  });
}

export async function issueSdJwtVc(options: IssueSdJwtVcOptions): Promise<string> {
  const { db, vault, row } = options;
  if (row.sdJwtCiphertext) return vault.decrypt(row.sdJwtCiphertext, sdJwtAad(row.id));
  const document = verifiableCredentialSchema.parse(readCredentialDocument(row, vault));
  // Only a legacy document (bound to the product's holder DID) gets an SD-JWT VC signed here; a
  // credential an issuer issued over OpenID4VCI in W3C form only has none.
  if (document.credentialSubject.id !== holderDid(row.userId)) {
    throw new AppError(
      'received_credential_unsupported',
      'This credential has no SD-JWT form: its issuer issued it as a W3C credential only.',
    );
  }
  const sdJwt = await signSdJwtVcOf({
    ...options,
    userId: row.userId,
    documentType: row.documentType,
    document,
  });
  const [stored] = await db
    .update(credentials)
    .set({ sdJwtCiphertext: vault.encrypt(sdJwt, sdJwtAad(row.id)) })
    .where(and(eq(credentials.id, row.id), isNull(credentials.sdJwtCiphertext)))
    .returning({ id: credentials.id });
  if (stored) return sdJwt;
  const [winner] = await db
    .select({ sdJwtCiphertext: credentials.sdJwtCiphertext })
    .from(credentials)
    .where(eq(credentials.id, row.id));
  if (!winner?.sdJwtCiphertext) throw new Error(`The credential ${row.id} is gone`);
  return vault.decrypt(winner.sdJwtCiphertext, sdJwtAad(row.id));
}
