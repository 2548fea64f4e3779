/**
 * The holder's profile (SPEC 2 Profile, SPEC 3 "Profile and settings fields"; DECISIONS 6: Save
 * persists; issue 19: identity that does not contradict itself).
 *
 * Two kinds of field:
 * - identity fields (IDENTITY_FIELDS: name, mobile number, date of birth, gender, address) come
 *   from the holder's issued credentials (an Aadhaar credential first) and are shown from them,
 *   each with the credential that vouches for it (`identity_sources`); they are not edited here:
 *   the issuer corrects them (UIDAI's update process for Aadhaar). A PUT that changes one is
 *   refused with the problem `credential_backed_field`;
 * - contact fields (PROFILE_FIELDS: display name, email, username, bio) are the holder's own and
 *   editable.
 *
 * One set of rules serves the form and the request (STYLE principle 4): `validateProfile` answers
 * a message code per failing field (the web shows it translated at the field), and
 * `createProfileUpdateSchema` turns the same codes into the API's 400 `{ detail }` with the
 * English text of PROFILE_MESSAGES. Identity numbers (Aadhaar, PAN, ...) come from credentials
 * too: the answer carries them masked (SPEC 5 masking).
 */
import { z } from 'zod';
import { digitsOnly } from '../validation/rules';
import { activityLogSchema } from './records';

/** SPEC 3 gender choices. */
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

/** The contact fields the holder edits, in the order the screen shows them. */
export const PROFILE_FIELDS = ['display_name', 'email', 'username', 'bio'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * The identity fields of SPEC 3's profile that issued credentials vouch for (issue 19): shown
 * from the credentials, never edited on the profile. The mobile number is one: the Aadhaar
 * credential carries it and OTP sign-in is matched against it.
 */
export const IDENTITY_FIELDS = ['name', 'phone', 'dob', 'gender', 'address'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];

/** Lengths of the profile fields (characters, after trimming). */
export const PROFILE_LIMITS = {
  displayNameMax: 100,
  emailMax: 254,
  usernameMin: 3,
  usernameMax: 30,
  bioMax: 500,
} as const;

/** Every profile message, English (the API's `detail`; the web translates by code). */
export const PROFILE_MESSAGES = {
  displayNameTooLong: `Display name must be at most ${PROFILE_LIMITS.displayNameMax} characters`,
  emailInvalid: 'Please enter a valid email address',
  usernameInvalid: `Username must be ${PROFILE_LIMITS.usernameMin} to ${PROFILE_LIMITS.usernameMax} characters: letters, digits, dot, hyphen or underscore`,
  usernameTaken: 'This username is already taken',
  bioTooLong: `Bio must be at most ${PROFILE_LIMITS.bioMax} characters`,
} as const;
export type ProfileMessageCode = keyof typeof PROFILE_MESSAGES;

/** How each identity field is named in the refusal's detail. */
const IDENTITY_FIELD_NAMES: Record<IdentityField, string> = {
  name: 'name',
  phone: 'mobile number',
  dob: 'date of birth',
  gender: 'gender',
  address: 'address',
};

/**
 * The `detail` of the problem `credential_backed_field` (422): names the fields and how to
 * correct them at the issuer.
 */
export function credentialBackedFieldDetail(fields: readonly IdentityField[]): string {
  const names = fields.map((field) => IDENTITY_FIELD_NAMES[field]);
  const list =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
  const verb = names.length > 1 ? 'come' : 'comes';
  return (
    `Your ${list} ${verb} from your issued credentials and cannot be changed here. ` +
    "Ask the issuer to correct it (for Aadhaar, UIDAI's update process), then add the " +
    'credential again.'
  );
}

/** The four contact fields as a form holds them: strings, '' for an empty optional field. */
export type ProfileInput = Record<ProfileField, string>;

/** A field's failing rule, per field; empty when the input is valid. */
export type ProfileErrors = Partial<Record<ProfileField, ProfileMessageCode>>;

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
 * The form's values as they are stored: every field trimmed, the username lower-cased.
 */
export function normalizeProfileInput(input: ProfileInput): ProfileInput {
  return {
    display_name: input.display_name.trim(),
    email: input.email.trim(),
    username: input.username.trim().toLowerCase(),
    bio: input.bio.trim(),
  };
}

/**
 * An identity field's value as it is compared: trimmed; the mobile number as digits.
 */
export function normalizeIdentityValue(field: IdentityField, value: string): string {
  return field === 'phone' ? digitsOnly(value) : value.trim();
}

/**
 * The profile rules over normalised input (see normalizeProfileInput): display name at most 100
 * (empty: none, the name from the credentials is used); a valid email; username empty or 3-30 of
 * a-z 0-9 . _ -; bio at most 500.
 * @returns the first failing rule of each field; {} when valid.
 */
export function validateProfile(input: ProfileInput): ProfileErrors {
  const errors: ProfileErrors = {};
  if (input.display_name.length > PROFILE_LIMITS.displayNameMax) {
    errors.display_name = 'displayNameTooLong';
  }
  if (input.email.length > PROFILE_LIMITS.emailMax || !emailSchema.safeParse(input.email).success) {
    errors.email = 'emailInvalid';
  }
  if (
    input.username &&
    (input.username.length < PROFILE_LIMITS.usernameMin ||
      input.username.length > PROFILE_LIMITS.usernameMax ||
      !USERNAME_PATTERN.test(input.username))
  ) {
    errors.username = 'usernameInvalid';
  }
  if (input.bio.length > PROFILE_LIMITS.bioMax) errors.bio = 'bioTooLong';
  return errors;
}

/** The contact fields as stored, after validation (null when empty), and any identity fields sent. */
export interface ProfileUpdate {
  display_name: string | null;
  email: string;
  username: string | null;
  bio: string | null;
  /**
   * Identity fields the request carried (an older client sends all eight fields of SPEC 3): each
   * must equal what the credentials show, else the service refuses with
   * `credential_backed_field`.
   */
  identity: Partial<Record<IdentityField, string>>;
}

const textField = (field: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be a string`,
    })
    .max(2000, `${field} is too long`);
const optionalTextField = (field: string) =>
  textField(field)
    .nullish()
    .transform((value) => value ?? '');

/**
 * Body of PUT /user/{userId}/profile: the four contact fields, replacing the stored ones
 * (display_name, username and bio may be '', null or absent, meaning none). Normalised, then
 * checked by validateProfile; a failure's message is the first failing field's PROFILE_MESSAGES
 * text. The identity fields may be sent (SPEC 3's eight fields, as older clients do) and are
 * passed on in `identity` for the service to compare; unknown keys (e.g. an Aadhaar number) are
 * refused.
 */
export function createProfileUpdateSchema() {
  return z
    .strictObject(
      {
        display_name: optionalTextField('display_name'),
        email: textField('email'),
        username: optionalTextField('username'),
        bio: optionalTextField('bio'),
        name: textField('name').optional(),
        phone: textField('phone').optional(),
        dob: textField('dob').optional(),
        gender: textField('gender').optional(),
        address: textField('address').optional(),
      },
      { error: (issue) => unknownKeyMessage(issue) },
    )
    .transform((input, ctx): ProfileUpdate => {
      const normalised = normalizeProfileInput(input);
      const errors = validateProfile(normalised);
      for (const field of PROFILE_FIELDS) {
        const code = errors[field];
        if (code) ctx.addIssue({ code: 'custom', path: [field], message: PROFILE_MESSAGES[code] });
      }
      if (Object.keys(errors).length > 0) return z.NEVER;
      const identity: Partial<Record<IdentityField, string>> = {};
      for (const field of IDENTITY_FIELDS) {
        const value = input[field];
        if (value !== undefined) identity[field] = normalizeIdentityValue(field, value);
      }
      return {
        display_name: normalised.display_name || null,
        email: normalised.email,
        username: normalised.username || null,
        bio: normalised.bio || null,
        identity,
      };
    });
}

function unknownKeyMessage(issue: { code?: string; keys?: readonly string[] }): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  return `Only ${PROFILE_FIELDS.join(', ')} can be changed here (not ${issue.keys?.join(', ')})`;
}

/**
 * The identity fields that `identity` (what a request sent) would change, compared with what the
 * profile shows (`shown`): the fields the service refuses.
 */
export function changedIdentityFields(
  shown: Record<IdentityField, string>,
  identity: Partial<Record<IdentityField, string>>,
): IdentityField[] {
  return IDENTITY_FIELDS.filter((field) => {
    const sent = identity[field];
    return sent !== undefined && sent !== normalizeIdentityValue(field, shown[field]);
  });
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

/**
 * The credential that vouches for an identity field: an issued credential of the holder whose
 * issuer stands behind the value shown ("Verified" means this, issue 19).
 */
export const identitySourceSchema = z.object({
  credential_id: z.string(),
  /** The document type's display name, e.g. 'Aadhaar Card'. */
  document_type: z.string(),
  /** The issuer's name, e.g. 'UIDAI'. */
  issuer: z.string(),
});
export type IdentitySource = z.infer<typeof identitySourceSchema>;

/** The profile record of the API (snake_case): contact fields, identity fields and facts. */
export const profileSchema = z.object({
  user_id: z.string(),
  /** How the holder wants to be greeted; null: by `name`. */
  display_name: z.string().nullable(),
  email: z.string(),
  username: z.string().nullable(),
  bio: z.string().nullable(),
  /** Identity fields as the credentials show them (see identity_sources). */
  name: z.string(),
  phone: z.string(),
  /** YYYY-MM-DD. */
  dob: z.string(),
  gender: z.enum(GENDERS),
  address: z.string(),
  /**
   * Per identity field, the issued credential its value comes from; null when no credential of
   * the holder vouches for it (the value is then the registration record's, not verified).
   */
  identity_sources: z.object({
    name: identitySourceSchema.nullable(),
    phone: identitySourceSchema.nullable(),
    dob: identitySourceSchema.nullable(),
    gender: identitySourceSchema.nullable(),
    address: identitySourceSchema.nullable(),
  }),
  /** True when an issuer vouches for every identity field shown. */
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
    display_name: profile.display_name ?? '',
    email: profile.email,
    username: profile.username ?? '',
    bio: profile.bio ?? '',
  };
}

/** The fields whose normalised values differ between `before` and `after`, in screen order. */
export function changedProfileFields(before: ProfileInput, after: ProfileInput): ProfileField[] {
  const a = normalizeProfileInput(before);
  const b = normalizeProfileInput(after);
  return PROFILE_FIELDS.filter((field) => a[field] !== b[field]);
}

/**
 * The fields a `profile_updated` entry may name: the contact fields, and the identity fields
 * that entries written before issue 19 name (they were edited on the profile then).
 */
export const LOGGED_PROFILE_FIELDS = [
  'display_name',
  'name',
  'email',
  'phone',
  'username',
  'bio',
  'dob',
  'gender',
  'address',
] as const;
export type LoggedProfileField = (typeof LOGGED_PROFILE_FIELDS)[number];

/** Field names as the activity entry spells them (stored data, so English). */
const FIELD_LABELS: Record<LoggedProfileField, string> = {
  display_name: 'display name',
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
 * The `profile_updated` activity text: 'Updated profile: display name, email' (the changed
 * fields, in screen order), or 'Updated profile' when none is named.
 */
export function profileUpdatedDescription(fields: readonly LoggedProfileField[]): string {
  if (fields.length === 0) return 'Updated profile';
  return `Updated profile: ${fields.map((field) => FIELD_LABELS[field]).join(', ')}`;
}
