/**
 * POST /identity/generate-credential: issues one credential to a holder (SPEC 5, 7 and 9,
 * DECISIONS 4, api-contract).
 *
 * Input: { ...deps, userId, documentType? (catalogue key), random? ([0,1) source, for tests) }.
 * Output: { record: CredentialRecord, document: the signed W3C VC 2.0 document }.
 * - No documentType: a random issuable type the holder does not hold yet (SPEC 9).
 * - The stored artefact is a W3C VC 2.0 document (core's buildCredentialDocument) issued by the
 *   type's issuer (its did:key), checked against the VC 2.0 rules, signed with an eddsa-jcs-2022
 *   DataIntegrityProof under the issuer's Ed25519 key and encrypted with the vault; the id is
 *   'cred-' + 128 random bits.
 * - The same issuance is also signed as an SD-JWT VC (DECISIONS D7.2, lib/sd-jwt-vc.ts: same
 *   issuer key, claims and dates; `cnf` the holder's key-binding key, made on first use) and
 *   stored encrypted beside the document.
 * - Writes a `credential_generated` activity entry ('Generated {name} credential'), or
 *   `basic_identity_created` for the Basic Identity.
 * Errors: AppError 'user_not_found' (404, 'User not found'); 'duplicate_document' (409,
 * MESSAGES.duplicateDocument(name)) when the holder already has that type (also one received
 * from an issuer over OpenID4VCI), also when two
 * requests race (the unique index decides); 'invalid_input' (400) for an unknown type.
 */
import {
  buildCredentialDocument,
  buildCredentialSubject,
  type CredentialRecord,
  checkCredentialRules,
  createEddsaJcs2022Proof,
  type DocumentTypeKey,
  getDocumentType,
  ISSUABLE_DOCUMENT_TYPES,
  MESSAGES,
  pickRandomDocumentType,
  toSecondsIso,
  type VerifiableCredential,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import { credentials, receivedCredentials, users } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { newCredentialId } from '../lib/ids';
import { credentialAad, toCredentialRecordFromDocument, toSampleUser } from '../lib/records';
import { sdJwtAad } from '../lib/sd-jwt-vc';
import { signSdJwtVcOf } from './issue-sd-jwt-vc';

export const ALL_TYPES_HELD_DETAIL = `You already have all ${ISSUABLE_DOCUMENT_TYPES.length} document types. Only one document of each type is allowed.`;

export interface GenerateCredentialOptions extends ServiceDeps {
  userId: string;
  documentType?: DocumentTypeKey | undefined;
  random?: () => number;
}

/** A newly issued credential: the screen record and the signed document it is a view of. */
export interface IssuedCredential {
  record: CredentialRecord;
  document: VerifiableCredential;
}

export async function generateCredential(
  options: GenerateCredentialOptions,
): Promise<IssuedCredential> {
  const { db, vault } = options;
  const [user] = await db.select().from(users).where(eq(users.id, options.userId));
  if (!user) throw new AppError('user_not_found', MESSAGES.userNotFound);

  // SPEC 5 counts credentials received from issuers of the SPEC's types too (OpenID4VCI).
  const held = [
    ...(
      await db
        .select({ documentType: credentials.documentType })
        .from(credentials)
        .where(eq(credentials.userId, user.id))
    ).map((row) => row.documentType),
    ...(
      await db
        .select({ documentType: receivedCredentials.documentType })
        .from(receivedCredentials)
        .where(eq(receivedCredentials.userId, user.id))
    ).flatMap((row) => (row.documentType === null ? [] : [row.documentType])),
  ];

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
  const issuer = options.issuers.get(type.issuer);
  const unsigned = buildCredentialDocument({
    credentialId: id,
    documentType: type.key,
    userId: user.id,
    issuerDid: issuer.did,
    claims: buildCredentialSubject(type.key, toSampleUser(user, vault), now),
    issuedAt: now,
  });
  // DECISIONS 4: the VC 2.0 rules are checked before signing; a failure is a bug, hence a 500.
  const broken = checkCredentialRules(unsigned);
  if (broken.length > 0) throw new Error(`Refusing to sign: ${broken.join('; ')}`);
  const document: VerifiableCredential = await createEddsaJcs2022Proof(unsigned, {
    verificationMethod: issuer.verificationMethod,
    created: toSecondsIso(now),
    sign: issuer.sign,
    crypto: options.proofCrypto,
  });
  // DECISIONS D7.2: the same issuance as an SD-JWT VC, bound to the holder's key.
  const sdJwt = await signSdJwtVcOf({
    ...options,
    userId: user.id,
    documentType: type.key,
    document,
  });

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(credentials)
      .values({
        id,
        userId: user.id,
        documentType: type.key,
        documentCiphertext: vault.encrypt(JSON.stringify(document), credentialAad(id)),
        sdJwtCiphertext: vault.encrypt(sdJwt, sdJwtAad(id)),
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
        ? { type: 'basic_identity_created', message: { code: 'basic_identity_created' } }
        : {
            type: 'credential_generated',
            message: { code: 'credential_generated', params: { document_type: type.key } },
          }),
    });
    return { record: toCredentialRecordFromDocument(row, document), document };
  });
}
