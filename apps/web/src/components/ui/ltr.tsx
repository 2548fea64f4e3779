/**
 * Text that reads left to right wherever it stands: an identifier (a masked Aadhaar number
 * 'XXXX XXXX 0125', a phone number, a document number, a code, a link), a date or a number
 * with its unit, inside a right-to-left screen (Urdu, Kashmiri, Sindhi; docs/i18n.md "Right
 * to left").
 *
 * A `<bdi dir="ltr">` (HTML "The bdi element"; the Unicode Bidirectional Algorithm, UAX 9,
 * isolates): its text is laid out left to right as one unit and does not reorder the words
 * around it, so '+91 98765 43210' never reads '43210 98765 +91' in a right-to-left line. In a
 * left-to-right screen it changes nothing visible. An inline element that takes the
 * `className` of the span it replaces.
 */
import type { ReactNode } from 'react';

export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}
