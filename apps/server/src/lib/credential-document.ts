/**
 * The W3C Verifiable Credentials Data Model 2.0 document the server issues (DECISIONS 4), and the
 * screen record (SPEC 3 Credential, core's CredentialRecord) that is a deterministic view of it.
 *
 * TODO(core): the document <-> record view belongs in packages/core/src/credentials (STYLE
 * layout), so the web app and the verifier derive records the same way. It lives here until core
 * has it. Proofs are added by the next issue (Ed25519 Data Integrity); until then `proof` is
 * absent from the document and null in the record.
 */
import {
  type CredentialRecord,
  credentialExpiry,
  type DocumentType,
  type DocumentTypeKey,
  getDocumentType,
  proofRecordSchema,
} from '@pehchaan/core';
import { z } from 'zod';

/** The VC 2.0 base context (https://www.w3.org/TR/vc-data-model-2.0/#base-context). */
export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';

/** Prefix that turns a credential id ('cred-...') into the document's URI `id`. */
export const CREDENTIAL_URN_PREFIX = 'urn:pehchaan:credential:';

/** A Data Integrity proof (https://www.w3.org/TR/vc-data-integrity/#proofs). */
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
 * identifier"). Placeholder method until holders get keys of their own.
 */
export function holderDid(userId: string): string {
  return `did:pehchaan:${userId}`;
}

/**
 * The issuer's identifier. Placeholder URN until the next issue gives each issuer its own
 * Ed25519 key and did:key (DECISIONS 4).
 */
export function issuerId(issuer: string): string {
  return `urn:pehchaan:issuer:${issuer.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/** ISO 8601 in whole seconds (VC validity dates need no milliseconds). */
export function toSecondsIso(date: Date): string {
  return new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export interface BuildCredentialDocumentOptions {
  /** 'cred-' + 32 hex (src/lib/ids.ts). */
  credentialId: string;
  documentType: DocumentTypeKey;
  userId: string;
  /** core's buildCredentialSubject output: name, document_type and the type's fields. */
  claims: Record<string, unknown>;
  /** Issuance instant; truncated to whole seconds. */
  issuedAt: Date;
}

/**
 * Builds the unsigned VC 2.0 document: @context [VC v2], id urn, type
 * ['VerifiableCredential', <Type>Credential], issuer { id, name }, validFrom, validUntil (SPEC 9
 * expiry), credentialSubject { id: holder DID, ...claims }.
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
    issuer: { id: issuerId(type.issuer), name: type.issuer },
    validFrom: toSecondsIso(issuedAt),
    validUntil: toSecondsIso(expiry),
    // core's claims carry no `id` (its docstring): the issuer binds the holder here.
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
  };
}

function requireDocumentType(key: DocumentTypeKey): DocumentType {
  const type = getDocumentType(key);
  if (!type) throw new RangeError(`Unknown document type: ${key}`);
  return type;
}
