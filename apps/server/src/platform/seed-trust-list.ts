/**
 * Puts the product's own issuers on the trust list (DECISIONS 9.3) and keeps them in step, at every
 * start (src/compose.ts seedFirstStart, under the startup lock), idempotently: one row per SPEC 3
 * issuer (core's ISSUERS) with
 * - identifier: its Credential Issuer Identifier, core's credentialIssuerIdentifier(publicOrigin,
 *   name) = `{PUBLIC_ORIGIN}/oid4vci/issuers/{slug}`;
 * - names: core's ISSUER_DISPLAY_NAMES (every UI language; English is SPEC 3's name);
 * - dids: its did:key (lib/issuer-keys.ts); jwks: that key's public JWK (`kid` = the did:key
 *   verification method, as its SD-JWT VCs' headers name it, `alg` EdDSA, `use` sig);
 * - documentTypes: the catalogue keys whose issuer it is ('UIDAI' -> ['aadhaar']).
 * A product row is rewritten when any of those changed (a new PUBLIC_ORIGIN: the rows under the
 * old identifiers are deleted). A product issuer taken off the list (`issuer:trust remove`, a
 * `removed_at` tombstone) is not put back, under a new identifier either (same DID); one the operator re-added (origin 'operator') is left
 * as the operator wrote it.
 *
 * Input: { db, now, publicOrigin, issuers (the keyring) }.
 * Output: { added, updated, deleted }: how many rows of each kind this call wrote.
 * Errors: database errors only.
 */
import {
  canonicalJson,
  credentialIssuerIdentifier,
  DOCUMENT_TYPES,
  didKeyToPublicJwk,
  didKeyVerificationMethod,
  ISSUER_DISPLAY_NAMES,
  ISSUERS,
} from '@pehchaan/core';
import { and, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { type TrustedIssuerRow, trustedIssuers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { invalidateTrustList } from '../lib/trust-list';

type ProductRow = Pick<
  TrustedIssuerRow,
  'identifier' | 'names' | 'jwks' | 'jwksUrl' | 'dids' | 'documentTypes'
>;

/** The trust-list rows of the product's issuers, as they should be now. */
export function productTrustRows(
  deps: Pick<ServiceDeps, 'issuers' | 'publicOrigin'>,
): ProductRow[] {
  return ISSUERS.map((name) => {
    const { did } = deps.issuers.get(name);
    return {
      identifier: credentialIssuerIdentifier(deps.publicOrigin, name),
      names: { ...ISSUER_DISPLAY_NAMES[name] },
      jwks: {
        keys: [
          {
            ...didKeyToPublicJwk(did),
            kid: didKeyVerificationMethod(did),
            alg: 'EdDSA',
            use: 'sig',
          },
        ],
      },
      jwksUrl: null,
      dids: [did],
      documentTypes: DOCUMENT_TYPES.filter((type) => type.issuer === name).map((type) => type.key),
    };
  });
}

/**
 * RFC 8785 JSON of the fields seeding keeps in step (jsonb does not keep key order), to tell a
 * changed row from an unchanged one.
 */
const fingerprint = (row: ProductRow) =>
  canonicalJson([row.names, row.jwks, row.jwksUrl, row.dids, row.documentTypes]);

export async function seedTrustList(
  deps: Pick<ServiceDeps, 'issuers' | 'publicOrigin' | 'now'> & { db: DbOrTx },
): Promise<{ added: number; updated: number; deleted: number }> {
  const { db } = deps;
  const now = deps.now();
  const wanted = productTrustRows(deps);
  const existing = new Map(
    (await db.select().from(trustedIssuers)).map((row) => [row.identifier, row] as const),
  );
  // A product issuer removed under an older identifier stays removed under its new one.
  const removedAtOfDid = new Map(
    [...existing.values()].flatMap((row) =>
      row.origin === 'product' && row.removedAt ? row.dids.map((did) => [did, row.removedAt]) : [],
    ),
  );
  let added = 0;
  let updated = 0;
  for (const row of wanted) {
    const stored = existing.get(row.identifier);
    if (!stored) {
      const removedAt = row.dids.map((did) => removedAtOfDid.get(did)).find(Boolean) ?? null;
      const inserted = await db
        .insert(trustedIssuers)
        .values({ ...row, origin: 'product', addedAt: now, updatedAt: now, removedAt })
        .onConflictDoNothing()
        .returning({ identifier: trustedIssuers.identifier });
      added += inserted.length;
    } else if (
      stored.origin === 'product' &&
      stored.removedAt === null &&
      fingerprint(stored) !== fingerprint(row)
    ) {
      await db
        .update(trustedIssuers)
        .set({ ...row, updatedAt: now })
        .where(eq(trustedIssuers.identifier, row.identifier));
      updated += 1;
    }
  }
  // Product rows of another origin (PUBLIC_ORIGIN changed) name issuers that no longer exist.
  const deleted = await db
    .delete(trustedIssuers)
    .where(
      and(
        eq(trustedIssuers.origin, 'product'),
        notInArray(
          trustedIssuers.identifier,
          wanted.map((row) => row.identifier),
        ),
      ),
    )
    .returning({ identifier: trustedIssuers.identifier });
  if (added + updated + deleted.length > 0) invalidateTrustList();
  return { added, updated, deleted: deleted.length };
}
