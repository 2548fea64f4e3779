/**
 * POST /identity/generate-credential: issues one credential to a holder (SPEC 5, 7 and 9,
 * DECISIONS 4, api-contract).
 *
 * Input: { ...deps, userId, documentType? (catalogue key), random? ([0,1) source, for tests) }.
 * Output: CredentialRecord of the new credential.
 * - No documentType: a random issuable type the holder does not hold yet (SPEC 9).
 * - The stored artefact is a W3C VC 2.0 document (src/lib/credential-document.ts), encrypted
 *   with the vault; the id is 'cred-' + 128 random bits. Unsigned until the signing issue.
 * - Writes a `credential_generated` activity entry ('Generated {name} credential'), or
 *   `basic_identity_created` for the Basic Identity.
 * Errors: AppError 'user_not_found' (404, 'User not found'); 'duplicate_document' (409,
 * MESSAGES.duplicateDocument(name)) when the holder already has that type, also when two
 * requests race (the unique index decides); 'invalid_input' (400) for an unknown type.
 */
import {
  buildCredentialSubject,
  type CredentialRecord,
  type DocumentTypeKey,
  getDocumentType,
  ISSUABLE_DOCUMENT_TYPES,
  MESSAGES,
  pickRandomDocumentType,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import { credentials, users } from '../db/schema';
import { buildCredentialDocument } from '../lib/credential-document';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { newCredentialId } from '../lib/ids';
import { credentialAad, toCredentialRecord, toSampleUser } from '../lib/records';
import { recordActivity } from './record-activity';

export const ALL_TYPES_HELD_DETAIL = `You already have all ${ISSUABLE_DOCUMENT_TYPES.length} document types. Only one document of each type is allowed.`;

export interface GenerateCredentialOptions extends ServiceDeps {
  userId: string;
  documentType?: DocumentTypeKey | undefined;
  random?: () => number;
}

export async function generateCredential(
  options: GenerateCredentialOptions,
): Promise<CredentialRecord> {
  const { db, vault } = options;
  const [user] = await db.select().from(users).where(eq(users.id, options.userId));
  if (!user) throw new AppError('user_not_found', MESSAGES.userNotFound);

  const held = (
    await db
      .select({ documentType: credentials.documentType })
      .from(credentials)
      .where(eq(credentials.userId, user.id))
  ).map((row) => row.documentType);

  const type = options.documentType
    ? getDocumentType(options.documentType)
    : pickRandomDocumentType(held, options.random);
  if (!type) {
    if (options.documentType) {
      throw new AppError('invalid_input', `Unknown document type: ${options.documentType}`);
    }
    throw new AppError('duplicate_document', ALL_TYPES_HELD_DETAIL);
  }
  const duplicate = new AppError('duplicate_document', MESSAGES.duplicateDocument(type.name));
  if (held.includes(type.key)) throw duplicate;

  const now = options.now();
  const id = newCredentialId();
  const document = buildCredentialDocument({
    credentialId: id,
    documentType: type.key,
    userId: user.id,
    claims: buildCredentialSubject(type.key, toSampleUser(user, vault), now),
    issuedAt: now,
  });

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(credentials)
      .values({
        id,
        userId: user.id,
        documentType: type.key,
        documentCiphertext: vault.encrypt(JSON.stringify(document), credentialAad(id)),
        issuedAt: new Date(document.validFrom),
        expiresAt: document.validUntil ? new Date(document.validUntil) : null,
        permanent: type.permanent,
      })
      // The unique (user_id, document_type) index settles a race between two requests.
      .onConflictDoNothing()
      .returning();
    if (!row) throw duplicate;
    await recordActivity({
      db: tx,
      now: options.now,
      userId: user.id,
      ...(type.key === 'basic_identity'
        ? { type: 'basic_identity_created', description: 'Basic Identity credential created' }
        : { type: 'credential_generated', description: `Generated ${type.name} credential` }),
    });
    return toCredentialRecord(row, vault);
  });
}
