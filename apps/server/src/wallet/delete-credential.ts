/**
 * DELETE /user/{userId}/credentials/{id} (SPEC 4 and 7, api-contract): deletes one of the
 * holder's credentials and writes a `credential_deleted` activity entry
 * ('Deleted {document type name} credential').
 *
 * A credential received from an issuer over OpenID4VCI (table received_credentials) is deleted
 * the same way (its entry names it by its type or display name), and afterwards the issuer's
 * Notification Endpoint is told `credential_deleted` (OpenID4VCI 1.0 section 11; best effort).
 * So is the issuer of a SPEC card received over OpenID4VCI (Add Credentials, or a trusted ldp_vc
 * of an accepted offer; lib/oid4vci/card-exchange.ts). The issuer's answer, or its silence, never
 * blocks the holder's delete: it is told after the commit and its errors are ignored.
 *
 * Input: { db, vault, now, oid4vciAllowLoopback, userId, credentialId }. Output: the deleted
 * credential's id.
 * Errors: AppError 'credential_not_found' (404, 'Credential not found') when the holder has no
 * such credential (another holder's id answers the same); 'invalid_input' (400,
 * 'Basic Identity credential is permanent and cannot be deleted') for a permanent one.
 */
import { MESSAGES } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { credentials, receivedCredentials } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import {
  type CardExchange,
  notifyCardDeleted,
  readCardExchange,
} from '../lib/oid4vci/card-exchange';
import { notifyIssuer } from '../lib/oid4vci/exchange';
import { issuerHttpOf } from '../lib/oid4vci/issuer-http';
import { type ReceivedExchange, readReceivedExchange } from '../lib/received-records';

export interface DeleteCredentialOptions
  extends Pick<
    ServiceDeps,
    'db' | 'now' | 'vault' | 'oid4vciAllowLoopback' | 'publicOrigin' | 'ownOriginFetch'
  > {
  userId: string;
  credentialId: string;
}

export async function deleteCredential(options: DeleteCredentialOptions): Promise<string> {
  const { db, userId, credentialId } = options;
  let told: ReceivedExchange | undefined;
  let toldCard: CardExchange | undefined;
  const id = await db.transaction(async (tx) => {
    const where = and(eq(credentials.id, credentialId), eq(credentials.userId, userId));
    const [row] = await tx.select().from(credentials).where(where);
    if (!row) {
      const whereReceived = and(
        eq(receivedCredentials.id, credentialId),
        eq(receivedCredentials.userId, userId),
      );
      const [received] = await tx.select().from(receivedCredentials).where(whereReceived);
      if (!received) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
      told = readReceivedExchange(received, options.vault);
      await tx.delete(receivedCredentials).where(whereReceived);
      await recordActivity({
        db: tx,
        now: options.now,
        userId,
        type: 'credential_deleted',
        message: {
          code: 'credential_deleted',
          params: { document_type: (received.documentType ?? received.display.name).slice(0, 200) },
        },
      });
      return received.id;
    }
    if (row.permanent) throw new AppError('invalid_input', MESSAGES.basicIdentityPermanent);
    toldCard = readCardExchange(row, options.vault);
    await tx.delete(credentials).where(where);
    await recordActivity({
      db: tx,
      now: options.now,
      userId,
      type: 'credential_deleted',
      message: { code: 'credential_deleted', params: { document_type: row.documentType } },
    });
    return row.id;
  });
  const exchange: ReceivedExchange | undefined = told;
  if (exchange?.notification_endpoint && exchange.notification_id && exchange.access_token) {
    await notifyIssuer({
      notificationEndpoint: exchange.notification_endpoint,
      accessToken: exchange.access_token,
      notificationId: exchange.notification_id,
      event: 'credential_deleted',
      http: issuerHttpOf(options),
    });
  }
  const card: CardExchange | undefined = toldCard;
  if (card) await notifyCardDeleted(card, issuerHttpOf(options));
  return id;
}
