/**
 * The holder's profile (SPEC 2 Profile, SPEC 3 "Profile and settings fields"; DECISIONS 6: Save
 * persists): the eight editable fields, their rules and messages, and the API shapes of
 * GET/PUT /user/{userId}/profile.
 *
 * One set of rules serves the form and the request (STYLE principle 4): `validateProfile` answers
 * a message code per failing field (the web shows it translated at the field), and
 * `createProfileUpdateSchema` turns the same codes into the API's 400 `{ detail }` with the
 * English text of PROFILE_MESSAGES. Identity numbers (Aadhaar, PAN, ...) come from credentials
 * and are not editable here: the answer carries them masked (SPEC 5 masking).
 */
import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import { digitsOnly } from '../validation/rules';
import { activityLogSchema } from './records';

/** SPEC 3 gender choices. */
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

/** The editable profile fields of SPEC 3, in the order the screen shows them. */
export const PROFILE_FIELDS = [
  'name',
  'email',
  'phone',
  'username',
  'bio',
  'dob',
  'gender',
  'address',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Lengths of the profile fields (characters, after trimming). */
export const PROFILE_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  usernameMin: 3,
  usernameMax: 30,
  bioMax: 500,
  addressMax: 300,
  /** Earliest accepted date of birth. */
  dobMin: '1900-01-01',
} as const;

/**
 * Every profile message, English (the API's `detail`; the web translates by code). The phone
 * message is SPEC 5's.
 */
export const PROFILE_MESSAGES = {
  nameRequired: 'Please enter your name',
  nameTooLong: `Name must be at most ${PROFILE_LIMITS.nameMax} characters`,
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: MESSAGES.phone,
  usernameInvalid: `Username must be ${PROFILE_LIMITS.usernameMin} to ${PROFILE_LIMITS.usernameMax} characters: letters, digits, dot, hyphen or underscore`,
  usernameTaken: 'This username is already taken',
  bioTooLong: `Bio must be at most ${PROFILE_LIMITS.bioMax} characters`,
  dobInvalid: 'Please enter a valid date of birth (YYYY-MM-DD)',
  dobFuture: 'Date of birth cannot be in the future',
  dobTooEarly: 'Date of birth cannot be before 1900',
  genderInvalid: 'Please choose Male, Female or Other',
  addressTooLong: `Address must be at most ${PROFILE_LIMITS.addressMax} characters`,
} as const;
export type ProfileMessageCode = keyof typeof PROFILE_MESSAGES;

/** The eight editable fields as a form holds them: strings, '' for an empty optional field. */
export type ProfileInput = Record<ProfileField, string>;

/** A field's failing rule, per field; empty when the input is valid. */
export type ProfileErrors = Partial<Record<ProfileField, ProfileMessageCode>>;

/** Indian mobile numbers: 10 digits starting 6-9 (DECISIONS 2); SPEC 5's phone message. */
const PHONE_PATTERN = /^[6-9]\d{9}$/;
const USERNAME_PATTERN = /^[a-z0-9._-]+$/;
const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** zod's email rule: the same one the stored holder record is checked with (sampleUserSchema). */
const emailSchema = z.email();
/** India has one time zone, UTC+05:30, without daylight saving. */
const IST_OFFSET_MS = 330 * 60_000;

/** Today's calendar date in India (YYYY-MM-DD) at the instant `now`. */
export function todayInIndia(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** True for a real calendar date written YYYY-MM-DD (2023-02-30 is not). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The form's values as they are stored: every field trimmed, the phone stripped to digits
 * (SPEC 5), the username lower-cased.
 */
export function normalizeProfileInput(input: ProfileInput): ProfileInput {
  return {
    name: input.name.trim(),
    email: input.email.trim(),
    phone: digitsOnly(input.phone),
    username: input.username.trim().toLowerCase(),
    bio: input.bio.trim(),
    dob: input.dob.trim(),
    gender: input.gender.trim(),
    address: input.address.trim(),
  };
}

/**
 * The profile rules over normalised input (see normalizeProfileInput): name 1-100 characters;
 * a valid email; phone 10 digits starting 6-9 (SPEC 5's message); username empty or 3-30 of
 * a-z 0-9 . _ -; bio at most 500; date of birth a real date, not before 1900 and not after
 * today in India (`now`); gender Male, Female or Other; address at most 300.
 * @returns the first failing rule of each field; {} when valid.
 */
export function validateProfile(input: ProfileInput, now: Date = new Date()): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!input.name) errors.name = 'nameRequired';
  else if (input.name.length > PROFILE_LIMITS.nameMax) errors.name = 'nameTooLong';
  if (input.email.length > PROFILE_LIMITS.emailMax || !emailSchema.safeParse(input.email).success) {
    errors.email = 'emailInvalid';
  }
  if (!PHONE_PATTERN.test(input.phone)) errors.phone = 'phoneInvalid';
  if (
    input.username &&
    (input.username.length < PROFILE_LIMITS.usernameMin ||
      input.username.length > PROFILE_LIMITS.usernameMax ||
      !USERNAME_PATTERN.test(input.username))
  ) {
    errors.username = 'usernameInvalid';
  }
  if (input.bio.length > PROFILE_LIMITS.bioMax) errors.bio = 'bioTooLong';
  if (!isIsoDate(input.dob)) errors.dob = 'dobInvalid';
  else if (input.dob < PROFILE_LIMITS.dobMin) errors.dob = 'dobTooEarly';
  else if (input.dob > todayInIndia(now)) errors.dob = 'dobFuture';
  if (!(GENDERS as readonly string[]).includes(input.gender)) errors.gender = 'genderInvalid';
  if (input.address.length > PROFILE_LIMITS.addressMax) errors.address = 'addressTooLong';
  return errors;
}

/** The profile as stored, after validation: username and bio null when empty. */
export interface ProfileUpdate {
  name: string;
  email: string;
  phone: string;
  username: string | null;
  bio: string | null;
  dob: string;
  gender: Gender;
  address: string;
}

const textField = (field: ProfileField) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be a string`,
    })
    .max(2000, `${field} is too long`);
const optionalTextField = (field: ProfileField) =>
  textField(field)
    .nullish()
    .transform((value) => value ?? '');

/**
 * Body of PUT /user/{userId}/profile: the eight fields, replacing the stored ones (username and
 * bio may be '', null or absent, meaning none). Normalised, then checked by validateProfile with
 * `now` as the clock; a failure's message is the first failing field's PROFILE_MESSAGES text.
 * Unknown keys (e.g. an Aadhaar number) are refused: identity numbers are not editable.
 */
export function createProfileUpdateSchema(now: () => Date = () => new Date()) {
  return z
    .strictObject(
      {
        name: textField('name'),
        email: textField('email'),
        phone: textField('phone'),
        username: optionalTextField('username'),
        bio: optionalTextField('bio'),
        dob: textField('dob'),
        gender: textField('gender'),
        address: optionalTextField('address'),
      },
      { error: (issue) => unknownKeyMessage(issue) },
    )
    .transform((input, ctx): ProfileUpdate => {
      const normalised = normalizeProfileInput(input);
      const errors = validateProfile(normalised, now());
      for (const field of PROFILE_FIELDS) {
        const code = errors[field];
        if (code) ctx.addIssue({ code: 'custom', path: [field], message: PROFILE_MESSAGES[code] });
      }
      if (Object.keys(errors).length > 0) return z.NEVER;
      return {
        ...normalised,
        gender: normalised.gender as Gender,
        username: normalised.username || null,
        bio: normalised.bio || null,
      };
    });
}

function unknownKeyMessage(issue: { code?: string; keys?: readonly string[] }): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  return `Only ${PROFILE_FIELDS.join(', ')} can be changed here (not ${issue.keys?.join(', ')})`;
}

/**
 * The holder's identity numbers as the profile shows them, masked for display (SPEC 5): Aadhaar
 * as 'XXXX XXXX 1234', the others partly hidden. They come from the holder's records and
 * credentials and are not editable.
 */
export const identityDocumentsSchema = z.object({
  aadhaar_number: z.string(),
  pan_number: z.string(),
  voter_id: z.string(),
  driving_license: z.string(),
  passport_number: z.string(),
  ckyc_number: z.string(),
});
export type IdentityDocuments = z.infer<typeof identityDocumentsSchema>;

/** The profile record of the API (snake_case): the editable fields plus read-only facts. */
export const profileSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  username: z.string().nullable(),
  bio: z.string().nullable(),
  /** YYYY-MM-DD. */
  dob: z.string(),
  gender: z.enum(GENDERS),
  address: z.string(),
  is_verified: z.boolean(),
  /** When the holder's record was created (ISO 8601). */
  member_since: z.string(),
  /** The last profile Save (ISO 8601), null when never edited. */
  updated_at: z.string().nullable(),
  identity_documents: identityDocumentsSchema,
  /**
   * Browser-only marker: true for a Save kept on this device while the API was unreachable and
   * not yet accepted by the server. The server never sends it.
   */
  pending_sync: z.boolean().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /user/{userId}/profile answer. */
export const profileAnswerSchema = z.object({ profile: profileSchema, user_id: z.string() });

/**
 * PUT /user/{userId}/profile answer: the saved profile and the `profile_updated` activity entry
 * written for it (null when nothing changed, so nothing was logged).
 */
export const profileUpdateAnswerSchema = z.object({
  message: z.string(),
  profile: profileSchema,
  activity_log: activityLogSchema.nullable(),
});
export type ProfileUpdateAnswer = z.infer<typeof profileUpdateAnswerSchema>;

/** The form values of a stored profile ('' for none). */
export function profileToInput(profile: Profile): ProfileInput {
  return {
    name: profile.name,
    email: profile.email,
    phone: profile.phone,
    username: profile.username ?? '',
    bio: profile.bio ?? '',
    dob: profile.dob,
    gender: profile.gender,
    address: profile.address,
  };
}

/** The fields whose normalised values differ between `before` and `after`, in screen order. */
export function changedProfileFields(before: ProfileInput, after: ProfileInput): ProfileField[] {
  const a = normalizeProfileInput(before);
  const b = normalizeProfileInput(after);
  return PROFILE_FIELDS.filter((field) => a[field] !== b[field]);
}

/** Field names as the activity entry spells them (stored data, so English). */
const FIELD_LABELS: Record<ProfileField, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  username: 'username',
  bio: 'bio',
  dob: 'date of birth',
  gender: 'gender',
  address: 'address',
};

/**
 * The `profile_updated` activity text: 'Updated profile: name, date of birth' (the changed
 * fields, in screen order), or 'Updated profile' when none is named.
 */
export function profileUpdatedDescription(fields: readonly ProfileField[]): string {
  if (fields.length === 0) return 'Updated profile';
  return `Updated profile: ${fields.map((field) => FIELD_LABELS[field]).join(', ')}`;
}
