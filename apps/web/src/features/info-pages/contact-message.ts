/**
 * The Contact form's message (SPEC 2: subjects General Inquiry, Partnership Opportunity,
 * Technical Support, Feature Request, Other) and its client-side rules. There is no backend for
 * messages: a valid message becomes a `mailto:` link to the project's address.
 */

/** The subject choices, in the order the form lists them; labels are `contact.subjects.<key>`. */
export const CONTACT_SUBJECTS = [
  'general',
  'partnership',
  'technical',
  'feature',
  'other',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** The shortest message accepted, in characters after trimming. */
export const MESSAGE_MIN_LENGTH = 20;
/** The longest message, so the `mailto:` link stays within what email apps accept. */
export const MESSAGE_MAX_LENGTH = 1500;

export interface ContactMessage {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
}

/** Why a field is not accepted; the text is `contact.form.errors.<code>`. */
export type ContactErrorCode =
  | 'nameRequired'
  | 'emailRequired'
  | 'emailInvalid'
  | 'messageRequired'
  | 'messageTooShort';

export type ContactErrors = Partial<Record<'name' | 'email' | 'message', ContactErrorCode>>;

/** Something@something.tld, no spaces: what a person's address looks like, not RFC 5322 in full. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The first problem of each field of `value`; an empty object when it can be sent. */
export function validateContactMessage(value: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  const email = value.email.trim();
  const message = value.message.trim();
  if (!value.name.trim()) errors.name = 'nameRequired';
  if (!email) errors.email = 'emailRequired';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'emailInvalid';
  if (!message) errors.message = 'messageRequired';
  else if (message.length < MESSAGE_MIN_LENGTH) errors.message = 'messageTooShort';
  return errors;
}
