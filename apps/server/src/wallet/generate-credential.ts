/**
 * POST /identity/generate-credential, "Add Credentials": gives the holder a sample credential of
 * one document type (SPEC 5, 7 and 9, DECISIONS 4 and 8, api-contract), received from the
 * product's demo issuer over OpenID4VCI 1.0 like any credential from any issuer: nothing is
 * signed inside the wallet.
 *
 * Input: { ...deps, userId, documentType? (catalogue key), random? ([0,1) source, for tests) }.
 * Output: { record: CredentialRecord, document: the W3C VC 2.0 document as the issuer signed it }.
 * - No documentType: a random issuable type the holder does not hold yet (SPEC 9).
 * - The wallet builds the holder's sample claims (core's buildCredentialSubject: `name` and the
 *   type's subject fields) and asks the type's issuer organisation (SPEC 3; Basic Identity's is
 *   the Digital Identity System) for an offer through the issuer port (deps.roles.issuer
 *   .offerCredential: both formats, no transaction code); then it receives the offer through its
 *   own exchange (lib/oid4vci/collect-offered-credentials.ts: token, nonce, a `jwt` proof by the
 *   holder's Ed25519 key, the credential endpoint; the product's issuers are reached in process),
 *   checks both credentials (the ldp_vc: Data Integrity proof by the issuer's did:key, bound to
 *   the did:key of the holder's key, the offered type; the SD-JWT VC: signature, vct, cnf), and
 *   stores them as one SPEC card (wallet/store-received-document.ts: document = the ldp_vc as
 *   issued, sd_jwt = the SD-JWT VC as issued; id = the document's own cred-... id). Then the
 *   issuer is told `credential_accepted`.
 * - Writes a `credential_generated` activity entry ('Generated {name} credential'), or
 *   `basic_identity_created` for the Basic Identity.
 * Errors: AppError 'user_not_found' (404, 'User not found'); 'duplicate_document' (409,
 * MESSAGES.duplicateDocument(name), extension member `document_type`: the type's catalogue key;
 * none when every type is held) when the holder already has that type (also one received
 * from an issuer over OpenID4VCI), also when two requests race (the unique index decides);
 * 'invalid_input' (400) for an unknown type. A failure of the exchange with the product's own
 * issuer is a bug (its AppError passes through, else a 500); nothing is stored then.
 */
import {
  buildCredentialSubject,
  type CredentialRecord,
  type DocumentTypeKey,
  getDocumentType,
  ISSUABLE_DOCUMENT_TYPES,
  MESSAGES,
  pickRandomDocumentType,
  type VerifiableCredential,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import { credentials, receivedCredentials, users } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { loadHolderKeyOf } from '../lib/holder-keys';
import {
  collectOfferedCredentials,
  notifyCollected,
} from '../lib/oid4vci/collect-offered-credentials';
import { issuerHttpOf } from '../lib/oid4vci/issuer-http';
import { toCredentialRecordFromDocument, toSampleUser } from '../lib/records';
import { loadTrustList } from '../lib/trust-list';
import { credentialRowValues, freeCredentialId } from './store-received-document';

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
  // The type's catalogue key goes with the problem (`document_type`), so the client names the
  // document in the holder's language rather than showing the English detail (STYLE 15).
  const duplicate = new AppError(
    'duplicate_document',
    MESSAGES.duplicateDocument(type.name),
    undefined,
    { document_type: type.key },
  );
  if (held.includes(type.key)) throw duplicate;

  // The sample claims the demo issuer offers: `name` and the type's subject fields.
  const { document_type: _documentType, ...claims } = buildCredentialSubject(
    type.key,
    toSampleUser(user, vault),
    options.now(),
  );
  const { offer } = await options.roles.issuer.offerCredential({
    issuer: type.issuer,
    documentType: type.key,
    claims,
  });
  const holderKey = await loadHolderKeyOf({
    db,
    vault,
    now: options.now,
    userId: user.id,
    alg: 'EdDSA',
  });
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  const trustList = await loadTrustList(options);
  const http = issuerHttpOf(options);
  const collected = await collectOfferedCredentials({
    link: offer,
    holderKey,
    trustList,
    // The product's own issuer: its key is in this server's keyring, whatever the trust list says.
    issuerDids: [options.issuers.get(type.issuer).did],
    http,
    now: options.now,
    crypto: options.proofCrypto,
  });
  const ldp = collected.credentials.find((credential) => credential.ldpVc);
  const sdJwt = collected.credentials.find((credential) => credential.sdJwt)?.issued;
  if (!ldp?.ldpVc || ldp.ldpVc.documentType !== type.key) {
    throw new Error(`The demo issuer did not issue a ${type.name} as a W3C credential`);
  }
  const verified = ldp.ldpVc;
  const document = verified.document as unknown as VerifiableCredential;

  const row = await db.transaction(async (tx) => {
    const id = await freeCredentialId(tx, verified.document);
    const [inserted] = await tx
      .insert(credentials)
      .values(
        credentialRowValues({
          id,
          userId: user.id,
          documentType: type.key,
          issued: ldp.issued,
          verified,
          sdJwt,
          // Deleting the card later tells the issuer credential_deleted (OpenID4VCI 1.0 11.1).
          exchange: {
            notification_endpoint: collected.metadata.notification_endpoint,
            access_token: collected.accessToken,
            notification_ids: collected.credentials.map((c) => c.notificationId),
          },
          vault,
          now: options.now(),
        }),
      )
      // The unique (user_id, document_type) index settles a race between two requests.
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw duplicate;
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
    return inserted;
  });
  // OpenID4VCI section 11: the issuer learns the credential was accepted (best effort).
  await notifyCollected(collected, http);
  return { record: toCredentialRecordFromDocument(row, document), document };
}
