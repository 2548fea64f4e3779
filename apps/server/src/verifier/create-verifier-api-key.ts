/**
 * Mints an API key for a registered verifier (`npm run verifier:add -- --key-for <name>`, e.g.
 * for a seeded organisation in a demo). The key is answered once and stored only as its hash.
 */
import { eq } from 'drizzle-orm';
import { verifierApiKeys, verifiers } from '../db/schema';
import { newApiKey } from '../lib/api-keys';
import type { ServiceDeps } from '../lib/deps';
import { newId } from '../lib/ids';

/** Stores a new API key of `verifierId`; answers the key itself and its prefix. */
export async function insertVerifierApiKey(
  options: Pick<ServiceDeps, 'db' | 'now'> & { verifierId: string },
): Promise<{ apiKey: string; prefix: string }> {
  const { key, keyHash, prefix } = newApiKey('pvk');
  await options.db.insert(verifierApiKeys).values({
    id: newId('vkey', 8),
    verifierId: options.verifierId,
    prefix,
    keyHash,
    createdAt: options.now(),
  });
  return { apiKey: key, prefix };
}

/**
 * A new API key of the verifier named exactly `verifierName`.
 * @throws {Error} when no verifier has that name.
 */
export async function createVerifierApiKey(
  options: Pick<ServiceDeps, 'db' | 'now'> & { verifierName: string },
): Promise<{ verifierId: string; apiKey: string; prefix: string }> {
  const [row] = await options.db
    .select({ id: verifiers.id })
    .from(verifiers)
    .where(eq(verifiers.name, options.verifierName));
  if (!row) throw new Error(`No registered verifier is named ${options.verifierName}`);
  return {
    verifierId: row.id,
    ...(await insertVerifierApiKey({ ...options, verifierId: row.id })),
  };
}
