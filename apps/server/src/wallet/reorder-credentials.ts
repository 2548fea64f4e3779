/**
 * PUT /user/{userId}/credentials/order (api-contract): stores the holder's display order.
 *
 * Input: { db, userId, credentialIds } (the holder's ids in the wanted order; ids left out keep
 * their relative order after the named ones; the Basic Identity stays first whatever is sent).
 * Output: every credential id of the holder in the stored order.
 * Credentials received from issuers (table received_credentials) take part in the same order.
 * Errors: AppError 'credential_not_found' (404, 'Credential not found') when an id is not one of
 * the holder's; 'invalid_input' (400) when an id repeats.
 */
import { MESSAGES } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { credentials, receivedCredentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { selectOrderedCredentials } from '../lib/holder-reads';

export interface ReorderCredentialsOptions extends Pick<ServiceDeps, 'db'> {
  userId: string;
  credentialIds: readonly string[];
}

export async function reorderCredentials(options: ReorderCredentialsOptions): Promise<string[]> {
  const { db, userId } = options;
  if (new Set(options.credentialIds).size !== options.credentialIds.length) {
    throw new AppError('invalid_input', 'credential_ids must not repeat an id');
  }
  return db.transaction(async (tx) => {
    const product = await selectOrderedCredentials(tx, userId);
    const receivedRows = await tx
      .select()
      .from(receivedCredentials)
      .where(eq(receivedCredentials.userId, userId));
    // The list's order: the product's documents, then received ones by position and receipt.
    receivedRows.sort(
      (a, b) =>
        (a.position ?? Number.POSITIVE_INFINITY) - (b.position ?? Number.POSITIVE_INFINITY) ||
        a.receivedAt.getTime() - b.receivedAt.getTime(),
    );
    type Held = {
      id: string;
      documentType: string | null;
      position: number | null;
      received: boolean;
    };
    const rows: Held[] = [
      ...product.map((row) => ({ ...row, received: false })),
      ...receivedRows.map((row) => ({ ...row, received: true })),
    ];
    const held = new Map(rows.map((row) => [row.id, row]));
    for (const id of options.credentialIds) {
      if (!held.has(id)) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
    }
    const named = new Set(options.credentialIds);
    const ordered = [
      ...rows.filter((row) => row.documentType === 'basic_identity'),
      ...options.credentialIds
        .map((id) => held.get(id))
        .filter((row) => row !== undefined && row.documentType !== 'basic_identity'),
      ...rows.filter((row) => !named.has(row.id) && row.documentType !== 'basic_identity'),
    ].filter((row) => row !== undefined);
    for (const [position, row] of ordered.entries()) {
      if (row.position === position) continue;
      if (row.received) {
        await tx
          .update(receivedCredentials)
          .set({ position })
          .where(and(eq(receivedCredentials.id, row.id), eq(receivedCredentials.userId, userId)));
      } else {
        await tx
          .update(credentials)
          .set({ position })
          .where(and(eq(credentials.id, row.id), eq(credentials.userId, userId)));
      }
    }
    return ordered.map((row) => row.id);
  });
}
