/**
 * How to reach the Pehchaan project team: the one email address and phone number that every
 * public page shows (Contact, Support, Help, Privacy, Terms). Change them here only.
 *
 * The email uses the reserved `.example` domain (RFC 2606), so it can never reach a stranger's
 * inbox; replace both values with the team's real ones before a public pilot.
 */
export const CONTACT = {
  email: 'support@pehchaan.example',
  /** As shown to people. */
  phoneDisplay: '+91 11 0000 0000',
  /** For `tel:` links (E.164). */
  phoneE164: '+911100000000',
} as const;

/** A `mailto:` link to `address` with an optional subject and body (RFC 6068). */
export function mailtoHref(
  address: string,
  { subject, body }: { subject?: string; body?: string } = {},
): string {
  const params = [
    subject ? `subject=${encodeURIComponent(subject)}` : '',
    // RFC 6068: line breaks in a body are CRLF.
    body ? `body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}` : '',
  ].filter(Boolean);
  return `mailto:${address}${params.length ? `?${params.join('&')}` : ''}`;
}

/** A `tel:` link to an E.164 number. */
export function telHref(e164: string): string {
  return `tel:${e164}`;
}
