/**
 * POST /oid4vci/issuers/{slug}/notification: the notification endpoint (OpenID4VCI 1.0 section
 * 11): the wallet tells the issuer what became of a credential it issued.
 *
 * Input: { ...deps, issuer, authorization (the access token of the issuance), notification: {
 * notification_id (from the credential or deferred answer), event: 'credential_accepted' |
 * 'credential_failure' | 'credential_deleted', event_description? } }.
 * Output: nothing (the route answers 204). The last event and its time are kept on the issuance
 * (oid4vci_issuances.notification_event, notified_at); a later event replaces an earlier one.
 *
 * Errors (Oid4vciError): invalid_token (401); invalid_notification_id (400) for an id this
 * token's offer did not issue.
 */
import type { IssuerName } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { oid4vciIssuances } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { authenticateAccessToken } from './authenticate-access-token';
import { type NOTIFICATION_EVENTS, Oid4vciError } from './oid4vci';

export interface CredentialNotification {
  notification_id: string;
  event: (typeof NOTIFICATION_EVENTS)[number];
  event_description?: string | undefined;
}

export async function recordCredentialNotification(
  options: Pick<ServiceDeps, 'db' | 'now'> & {
    issuer: IssuerName;
    authorization: string | undefined;
    notification: CredentialNotification;
  },
): Promise<void> {
  const offer = await authenticateAccessToken(options);
  const [row] = await options.db
    .update(oid4vciIssuances)
    .set({ notificationEvent: options.notification.event, notifiedAt: options.now() })
    .where(
      and(
        eq(oid4vciIssuances.notificationId, options.notification.notification_id),
        eq(oid4vciIssuances.offerId, offer.id),
      ),
    )
    .returning({ id: oid4vciIssuances.id });
  if (!row) {
    throw new Oid4vciError(
      'invalid_notification_id',
      'No credential of this access token has that notification_id.',
    );
  }
}
