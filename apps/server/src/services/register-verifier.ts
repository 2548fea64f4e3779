/**
 * Registers a verifier organisation (a data fiduciary) with one purpose and its first API key
 * (`npm run verifier:add`, scripts/add-verifier.ts). The API key is answered once and stored
 * only as its hash.
 */
import { DOCUMENT_TYPES, isDocumentTypeKey } from '@pehchaan/core';
import { verifierPurposes, verifiers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { newId } from '../lib/ids';
import { newVerifierKey, verifierClientId } from '../lib/verifier-keys';
import { insertVerifierApiKey } from './create-verifier-api-key';

export interface NewVerifier {
  name: string;
  grievanceContact: string;
  purpose: {
    code: string;
    textEn: string;
    textHi: string;
    /** DocumentTypeKey -> claim names ('name' or one of the type's subject fields). */
    claims: Record<string, string[]>;
    retentionDays: number;
  };
}

/** Why `claims` are not registrable (unknown type or claim), or undefined. */
export function purposeClaimsProblem(claims: Record<string, string[]>): string | undefined {
  const entries = Object.entries(claims);
  if (entries.length === 0) return 'A purpose needs at least one document type with claims';
  for (const [type, names] of entries) {
    if (!isDocumentTypeKey(type)) return `Unknown document type ${type}`;
    const fields = ['name', ...(DOCUMENT_TYPES.find((d) => d.key === type)?.subjectFields ?? [])];
    const unknown = names.find((name) => !fields.includes(name));
    if (names.length === 0 || unknown !== undefined) {
      return `${type} claims must be some of: ${fields.join(', ')}`;
    }
  }
  return undefined;
}

/**
 * @throws {Error} for claims that name an unknown document type or claim, or a name already
 *   registered (the database's unique constraint).
 */
export async function registerVerifier(
  options: Pick<ServiceDeps, 'db' | 'vault' | 'now'> & { verifier: NewVerifier },
): Promise<{ id: string; did: string; clientId: string; apiKey: string }> {
  const { db, vault, verifier } = options;
  const problem = purposeClaimsProblem(verifier.purpose.claims);
  if (problem) throw new Error(problem);
  const id = newId('verifier', 8);
  const key = newVerifierKey(vault, id);
  const now = options.now();
  await db.transaction(async (tx) => {
    await tx.insert(verifiers).values({
      id,
      name: verifier.name,
      grievanceContact: verifier.grievanceContact,
      ...key,
      createdAt: now,
    });
    await tx
      .insert(verifierPurposes)
      .values({ verifierId: id, ...verifier.purpose, createdAt: now });
  });
  const { apiKey } = await insertVerifierApiKey({ db, now: options.now, verifierId: id });
  return { id, did: key.did, clientId: verifierClientId(key.did), apiKey };
}
