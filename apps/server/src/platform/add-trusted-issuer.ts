/**
 * Puts an issuer on the trust list, or replaces its entry (DECISIONS 9.3; `npm run issuer:trust --
 * add`, docs/security.md "The trust list"). The entry is checked against
 * `trustedIssuerInputSchema` (zod) and then key by key:
 * - identifier: a DID (`did:<method>:...`), or an OpenID4VCI Credential Issuer Identifier: an
 *   https URL with no query or fragment (section 12.2.1); http only on a loopback host
 *   (localhost, 127.0.0.1, [::1]), for development;
 * - names: `en` required, any of hi, es, fr, de, ja, ta, bn; 1 to 200 characters each;
 * - jwks: a JWK Set (or one JWK) of public keys: each has an RFC 7638 thumbprint (its required
 *   members), no private or symmetric key material (d, p, q, dp, dq, qi, oth, k);
 * - jwksUrl: https (http on loopback), at most one of jwks and jwksUrl;
 * - dids: DIDs it signs as; a did:key must parse (core's parseDidKey);
 * - documentTypes: at least one; each a catalogue key ('pan'), a URI (a vct, e.g.
 *   'https://issuer.example/vct/degree', or a type IRI) or a W3C type name in PascalCase
 *   ('UniversityDegreeCredential'); a lower-case word that is no catalogue key is refused as a
 *   likely typo;
 * - the issuer must be tied to keys: a DID (identifier or dids), jwks or jwksUrl.
 *
 * Input: { db, now, entry: the unchecked entry }.
 * Output: { identifier, replaced: true when it was on the list before (its added_at is kept) }. The entry's
 * origin becomes 'operator' (seeding no longer rewrites it); a removed entry comes back.
 * Errors: AppError 'invalid_input' (400) naming the first field that is wrong and why (also as
 * the extension members `field` and `reason`).
 */
import { DOCUMENT_TYPE_KEYS, isDocumentTypeKey, UI_LANGUAGES } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { z } from 'zod';
import type { DbOrTx } from '../db/create-db';
import { trustedIssuers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { invalidateTrustList, isDidKey } from '../lib/trust-list';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An https URL (http on a loopback host) without query or fragment. */
function isIssuerUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const secure =
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  return secure && url.search === '' && url.hash === '' && url.username === '';
}

const DID = /^did:[a-z0-9]+:[A-Za-z0-9._%:-]+$/;
const isDid = (value: string) =>
  DID.test(value) && (!value.startsWith('did:key:') || isDidKey(value));

const didSchema = z.string().refine(isDid, { message: 'is not a DID (did:<method>:<id>)' });

const documentTypeSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine(
    (type) =>
      isDocumentTypeKey(type) ||
      /^[a-z][a-z0-9+.-]*:\S+$/.test(type) ||
      /^[A-Z][A-Za-z0-9_]*$/.test(type),
    {
      message: `is not a document type: use a catalogue key (${DOCUMENT_TYPE_KEYS.join(', ')}), a vct URI or a W3C type name`,
    },
  );

const nameSchema = z.string().trim().min(1).max(200);

/** Members that hold private or symmetric key material (RFC 7518 section 6). */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

const jwkSchema = z
  .record(z.string(), z.unknown())
  .refine((jwk) => typeof jwk.kty === 'string', { message: 'is not a JWK (no kty)' })
  .refine((jwk) => PRIVATE_MEMBERS.every((member) => !(member in jwk)), {
    message: 'holds private or symmetric key material: give the public key only',
  });

/** The entry `npm run issuer:trust -- add` makes; see the module's docstring for each rule. */
export const trustedIssuerInputSchema = z
  .object({
    identifier: z.string().refine((value) => isDid(value) || isIssuerUrl(value), {
      message: 'must be a DID or an https URL (the Credential Issuer Identifier)',
    }),
    names: z.object({
      en: nameSchema,
      ...Object.fromEntries(
        UI_LANGUAGES.filter((lang) => lang !== 'en').map((lang) => [lang, nameSchema.optional()]),
      ),
    }),
    jwks: z
      .preprocess(
        // One JWK is read as a JWK Set of that key.
        (value) =>
          value && typeof value === 'object' && !('keys' in value) ? { keys: [value] } : value,
        z.object({ keys: z.array(jwkSchema).min(1) }),
      )
      .transform((set) => set as { keys: JWK[] })
      .nullable()
      .default(null),
    jwksUrl: z
      .string()
      .refine(isIssuerUrl, { message: 'must be an https URL' })
      .nullable()
      .default(null),
    dids: z.array(didSchema).default([]),
    documentTypes: z.array(documentTypeSchema).min(1, { message: 'needs at least one type' }),
  })
  .refine((entry) => entry.jwks === null || entry.jwksUrl === null, {
    message: 'give the keys (jwks) or where they are published (jwksUrl), not both',
    path: ['jwksUrl'],
  })
  .refine(
    (entry) =>
      entry.jwks !== null ||
      entry.jwksUrl !== null ||
      entry.dids.length > 0 ||
      isDid(entry.identifier),
    { message: 'the issuer needs keys: a DID, a JWK Set or a JWKS URL', path: ['jwks'] },
  );

export type TrustedIssuerInput = z.input<typeof trustedIssuerInputSchema>;

/**
 * The first zod issue of `input` as an AppError 'invalid_input': `detail` "<field> <reason>"
 * (an entry of a list quoted: 'documentTypes.0 "degre" is not a document type...'), extension
 * members `field` (the path, 'documentTypes.0') and `reason`, for a caller that names its own
 * option instead.
 */
function invalidEntry(error: z.ZodError, input: unknown): AppError {
  const issue = error.issues[0];
  const path = issue?.path.map(String) ?? [];
  let value: unknown = input;
  for (const key of path)
    value = value && typeof value === 'object' ? Reflect.get(value, key) : undefined;
  const quoted = typeof value === 'string' && path.length > 1 ? ` "${value}"` : '';
  const reason = `${quoted ? `${quoted.trim()} ` : ''}${issue?.message ?? 'is not valid'}`;
  const field = path.join('.');
  return new AppError('invalid_input', field ? `${field} ${reason}` : reason, undefined, {
    field,
    reason,
  });
}

export async function addTrustedIssuer(
  options: Pick<ServiceDeps, 'now'> & { db: DbOrTx; entry: unknown },
): Promise<{ identifier: string; replaced: boolean }> {
  const parsed = trustedIssuerInputSchema.safeParse(options.entry);
  if (!parsed.success) throw invalidEntry(parsed.error, options.entry);
  const entry = parsed.data;
  for (const [index, key] of (entry.jwks?.keys ?? []).entries()) {
    try {
      await calculateJwkThumbprint(key, 'sha256');
    } catch (error) {
      const why = error instanceof Error ? error.message : 'not a usable public key';
      const field = `jwks.keys.${index}`;
      throw new AppError('invalid_input', `${field} ${why}`, undefined, { field, reason: why });
    }
  }
  const now = options.now();
  const names = Object.fromEntries(
    Object.entries(entry.names).filter((pair): pair is [string, string] => pair[1] !== undefined),
  );
  const values = {
    names,
    jwks: entry.jwks as { keys: Record<string, unknown>[] } | null,
    jwksUrl: entry.jwksUrl,
    dids: [...new Set(entry.dids)],
    documentTypes: [...new Set(entry.documentTypes)],
    origin: 'operator' as const,
    updatedAt: now,
    removedAt: null,
  };
  const [existing] = await options.db
    .select({ removedAt: trustedIssuers.removedAt })
    .from(trustedIssuers)
    .where(eq(trustedIssuers.identifier, entry.identifier));
  // Replacing a listed entry keeps when it was added; a new or re-added one is added now.
  const onList = existing !== undefined && existing.removedAt === null;
  await options.db
    .insert(trustedIssuers)
    .values({ identifier: entry.identifier, addedAt: now, ...values })
    .onConflictDoUpdate({
      target: trustedIssuers.identifier,
      set: onList ? values : { ...values, addedAt: now },
    });
  invalidateTrustList();
  return { identifier: entry.identifier, replaced: onList };
}
