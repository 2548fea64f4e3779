/**
 * What the wallet keeps of an OpenID4VCI exchange for a SPEC card it received (a row of
 * `credentials`: Add Credentials, or a trusted ldp_vc of an accepted offer, DECISIONS 7), so that
 * deleting the card tells the issuer `credential_deleted` (OpenID4VCI 1.0 section 11.1) as a
 * deleted received credential does. Kept vault-encrypted in
 * credentials.issuer_exchange_ciphertext (AAD = 'credential-exchange:' + id): the access token
 * is a bearer secret.
 *
 * - `sealCardExchange(vault, id, exchange)`: the column's value, or null when there is nothing to
 *   tell (no notification endpoint or no notification id).
 * - `readCardExchange(row, vault)`: the kept exchange, or undefined (none, or unreadable).
 * - `notifyCardDeleted(exchange, http)`: tells the issuer `credential_deleted` for each
 *   credential of the card (its ldp_vc and its SD-JWT VC sibling may carry separate ids); best
 *   effort, never throws (an expired access token or an unreachable issuer is ignored).
 */
import type { Vault } from '../vault';
import { notifyIssuer } from './exchange';
import type { IssuerHttpOptions } from './issuer-http';

/** AAD of a card's exchange ciphertext: binds it to its row. */
export const cardExchangeAad = (id: string) => `credential-exchange:${id}`;

/** What the issuer's Notification Endpoint needs to hear about a card later. */
export interface CardExchange {
  notification_endpoint: string;
  access_token: string;
  /** The notification ids of the card's credentials (the ldp_vc and its SD-JWT VC sibling). */
  notification_ids: string[];
}

/** The encrypted column value of `exchange` for card `id`, or null when there is nothing to tell. */
export function sealCardExchange(
  vault: Vault,
  id: string,
  exchange: {
    notification_endpoint?: string | undefined;
    access_token?: string | undefined;
    notification_ids: (string | undefined)[];
  },
): string | null {
  const ids = [...new Set(exchange.notification_ids.filter((v): v is string => !!v))];
  if (!exchange.notification_endpoint || !exchange.access_token || ids.length === 0) return null;
  const kept: CardExchange = {
    notification_endpoint: exchange.notification_endpoint,
    access_token: exchange.access_token,
    notification_ids: ids,
  };
  return vault.encrypt(JSON.stringify(kept), cardExchangeAad(id));
}

/**
 * The kept exchange of a card row, or undefined when there is none or it does not decrypt (a
 * notification the wallet cannot make never stands in the way of the holder's delete).
 */
export function readCardExchange(
  row: { id: string; issuerExchangeCiphertext: string | null },
  vault: Vault,
): CardExchange | undefined {
  if (row.issuerExchangeCiphertext === null) return undefined;
  try {
    return JSON.parse(vault.decrypt(row.issuerExchangeCiphertext, cardExchangeAad(row.id)));
  } catch {
    return undefined;
  }
}

/** Tells the issuer `credential_deleted` for each credential of a deleted card (best effort). */
export async function notifyCardDeleted(
  exchange: CardExchange,
  http: IssuerHttpOptions,
): Promise<void> {
  for (const notificationId of exchange.notification_ids) {
    await notifyIssuer({
      notificationEndpoint: exchange.notification_endpoint,
      accessToken: exchange.access_token,
      notificationId,
      event: 'credential_deleted',
      http,
    });
  }
}
