/**
 * The W3C Verifiable Credentials Data Model 2.0 document Pehchaan issues (DECISIONS 4), and the
 * screen record (SPEC 3 Credential) that is a deterministic view of it. Shared by the server
 * (issuing, listing) and the web app (showing a downloaded or verified document).
 */
import { z } from 'zod';
import {
  type CredentialRecord,
  type CredentialStatusRecord,
  proofRecordSchema,
  UNCHECKED_CREDENTIAL_STATUS,
} from '../api/records';
import {
  credentialExpiry,
  type DocumentType,
  type DocumentTypeKey,
  getDocumentType,
} from '../documents';
import { VC_V2_CONTEXT } from '../proofs/vc-rules';

/** Prefix that turns a credential id ('cred-...') into the document's URI `id`. */
export const CREDENTIAL_URN_PREFIX = 'urn:pehchaan:credential:';

/** A Data Integrity proof as embedded (https://www.w3.org/TR/vc-data-integrity/#proofs). */
export const dataIntegrityProofSchema = proofRecordSchema.omit({ signature: true });

/** The issued document as stored (decrypted); validated when read back. */
export const verifiableCredentialSchema = z.object({
  '@context': z.array(z.string()).min(1),
  id: z.string(),
  type: z.array(z.string()).min(1),
  issuer: z.object({ id: z.string(), name: z.string() }),
  validFrom: z.string(),
  validUntil: z.string().optional(),
  credentialSubject: z
    .object({ id: z.string(), name: z.string(), document_type: z.string() })
    .catchall(z.unknown()),
  proof: dataIntegrityProofSchema.optional(),
});
export type VerifiableCredential = z.infer<typeof verifiableCredentialSchema>;

/**
 * The holder's identifier in `credentialSubject.id` (SPEC 3: "id as a decentralised
 * identifier"): 'did:pehchaan:' + user id, until holders get keys of their own.
 */
export function holderDid(userId: string): string {
  return `did:pehchaan:${userId}`;
}

/**
 * A credential id as the product's issuers issue it since status lists (docs/status-lists.md):
 * 'urn:uuid:' and a lower-case RFC 9562 UUID, shared by a credential's ldp_vc and dc+sd-jwt forms.
 */
const UUID_URN =
  /^urn:uuid:([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;

/**
 * The credential id ('cred-...') of a document id: 'urn:pehchaan:credential:cred-...' without
 * its prefix, or 'urn:uuid:<uuid>' as 'cred-' and the UUID's 32 hex digits; any other id as is.
 */
export function credentialIdFromDocumentId(documentId: string): string {
  if (documentId.startsWith(CREDENTIAL_URN_PREFIX)) {
    return documentId.slice(CREDENTIAL_URN_PREFIX.length);
  }
  const uuid = UUID_URN.exec(documentId);
  return uuid ? `cred-${uuid.slice(1).join('')}` : documentId;
}

/** True for a document id a SPEC card's credential id is made from (credentialIdFromDocumentId). */
export function isCardDocumentId(documentId: string): boolean {
  return documentId.startsWith(CREDENTIAL_URN_PREFIX) || UUID_URN.test(documentId);
}

/** ISO 8601 in whole seconds, 'YYYY-MM-DDTHH:MM:SSZ' (VC validity dates need no milliseconds). */
export function toSecondsIso(date: Date): string {
  return new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export interface BuildCredentialDocumentOptions {
  /** 'cred-' + 32 hex. */
  credentialId: string;
  documentType: DocumentTypeKey;
  userId: string;
  /** The issuer's DID (its did:key); the name comes from the catalogue. */
  issuerDid: string;
  /** core's buildCredentialSubject output: name, document_type and the type's fields. */
  claims: Record<string, unknown>;
  /** Issuance instant; truncated to whole seconds. */
  issuedAt: Date;
}

/**
 * Builds the unsigned VC 2.0 document: @context [VC v2], id urn, type
 * ['VerifiableCredential', <Type>Credential], issuer { id: did, name }, validFrom, validUntil
 * (SPEC 9 expiry: 5 years, Basic Identity 10), credentialSubject { id: holder DID, ...claims }.
 * @throws {RangeError} for an unknown document type.
 */
export function buildCredentialDocument(
  options: BuildCredentialDocumentOptions,
): VerifiableCredential {
  const type = requireDocumentType(options.documentType);
  const issuedAt = new Date(Math.floor(options.issuedAt.getTime() / 1000) * 1000);
  const expiry = credentialExpiry(type.key, issuedAt);
  const name = typeof options.claims.name === 'string' ? options.claims.name : '';
  return {
    '@context': [VC_V2_CONTEXT],
    id: `${CREDENTIAL_URN_PREFIX}${options.credentialId}`,
    type: ['VerifiableCredential', type.credentialType],
    issuer: { id: options.issuerDid, name: type.issuer },
    validFrom: toSecondsIso(issuedAt),
    validUntil: toSecondsIso(expiry),
    // core's claims carry no `id`: the issuer binds the holder here.
    credentialSubject: {
      id: holderDid(options.userId),
      ...options.claims,
      name,
      document_type: type.name,
    },
  };
}

/** What the record needs besides the document: the row's bookkeeping. */
export interface CredentialRecordContext {
  /** The credential id ('cred-...'). */
  id: string;
  userId: string;
  permanent: boolean;
  lastViewed: Date | null;
  /** Display order (PUT /user/{userId}/credentials/order), when set. */
  position?: number | null;
  /** The status the wallet last saw at the issuer; absent = not checked yet. */
  status?: CredentialStatusRecord;
}

/**
 * The screen record (SPEC 3) of a document: issuer name, issuance_date = validFrom,
 * expiration_date = validUntil or '' (Never), credential_subject = credentialSubject, proof =
 * the Data Integrity proof with `signature` mirroring proofValue (SPEC 3: the verifier reads
 * proof.signature), or null while unsigned. Pure and deterministic.
 */
export function credentialRecordFromDocument(
  document: VerifiableCredential,
  context: CredentialRecordContext,
): CredentialRecord {
  return {
    id: context.id,
    userId: context.userId,
    type: [...document.type],
    issuer: document.issuer.name,
    issuance_date: document.validFrom,
    expiration_date: document.validUntil ?? '',
    credential_subject: { ...document.credentialSubject },
    proof: document.proof ? { ...document.proof, signature: document.proof.proofValue } : null,
    permanent: context.permanent,
    last_viewed: context.lastViewed ? context.lastViewed.toISOString() : null,
    ...(typeof context.position === 'number' ? { position: context.position } : {}),
    status: context.status ?? UNCHECKED_CREDENTIAL_STATUS,
  };
}

function requireDocumentType(key: DocumentTypeKey): DocumentType {
  const type = getDocumentType(key);
  if (!type) throw new RangeError(`Unknown document type: ${key}`);
  return type;
}
