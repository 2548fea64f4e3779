/**
 * The consent states a receipt records (DPV ConsentStatus) and the digest of the presentation it
 * names (W3C SRI), for consent receipts (receipt.ts, ISO/IEC TS 27560 with DPV). A module of its
 * own, without zod, so the web app's /verify island can read a receipt before the app (and its
 * schemas) is loaded.
 */

/** The consent states a record lists (DPV ConsentStatus, in the order they happen). */
export const CONSENT_STATES = ['requested', 'given', 'refused', 'withdrawn', 'expired'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/**
 * The states a receipt can leave a consent in (receipt.ts STATE_OF_EVENT's values, in
 * CONSENT_STATES order): a consent's present state as its public receipt page states it
 * (consent-status.ts).
 */
export const RECEIPT_CONSENT_STATES = ['given', 'refused', 'withdrawn', 'expired'] as const;
export type ReceiptConsentState = (typeof RECEIPT_CONSENT_STATES)[number];

/** Each state's DPV class (the context's term). */
export const DPV_CONSENT_STATUS: Record<ConsentState, string> = {
  requested: 'ConsentRequested',
  given: 'ConsentGiven',
  refused: 'ConsentRefused',
  withdrawn: 'ConsentWithdrawn',
  expired: 'ConsentExpired',
};

/** 'sha256-<base64>' (W3C SRI) of a hex SHA-256. */
export function sriOfSha256Hex(hex: string): string {
  const bytes = hex.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [];
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `sha256-${btoa(binary)}`;
}

/** The hex SHA-256 of a 'sha256-<base64>' SRI digest; null for anything else. */
export function sha256HexOfSri(sri: string): string | null {
  const match = /^sha256-([A-Za-z0-9+/]{43}=)$/.exec(sri);
  if (!match?.[1]) return null;
  try {
    return [...atob(match[1])].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}
