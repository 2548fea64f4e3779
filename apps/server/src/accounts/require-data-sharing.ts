/**
 * Settings › Privacy › Data sharing (issue 19): while the holder has it off, nothing new leaves
 * the wallet: no new share link (wallet/create-share.ts) and no consent approval, SPEC 3 or
 * OpenID4VP (consent/answer-consent-request.ts). What was shared before stays as it was (the
 * holder withdraws links and consents one by one); rejecting a request is always allowed.
 *
 * Input: { db, userId }. Errors: AppError 'data_sharing_off' (403, DATA_SHARING_OFF_DETAIL).
 */
import type { DbOrTx } from '../db/create-db';
import { AppError } from '../lib/errors';
import { getSettings } from './get-settings';

export const DATA_SHARING_OFF_DETAIL =
  'Data sharing is off in Settings › Privacy. Turn it on to share or approve requests.';

export async function requireDataSharing(options: { db: DbOrTx; userId: string }): Promise<void> {
  const { settings } = await getSettings(options);
  if (!settings.dataSharing) throw new AppError('data_sharing_off', DATA_SHARING_OFF_DETAIL);
}
