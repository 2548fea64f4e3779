/**
 * Login request and answer shapes (SPEC 7, DECISIONS 3). Request fields are stripped to digits
 * and fail with the SPEC 5 messages, so the API and the form reject the same input alike.
 */
import { z } from 'zod';
import { aadhaarNumberSchema, otpSchema, phoneNumberSchema } from '../validation/rules';

/** POST /api/auth/send-otp body. */
export const sendOtpBodySchema = z.object({
  phoneNumber: phoneNumberSchema,
  aadhaarNumber: aadhaarNumberSchema.optional(),
});

/**
 * A browser's own random id (128 bits or more, base64url), kept in its storage and sent at
 * sign-in, so a sign-in on a device never seen before can be told (Login notifications). Only
 * its keyed hash is stored.
 */
export const deviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,64}$/, 'deviceId must be 22 to 64 base64url characters');

/** POST /api/auth/verify-otp body. */
export const verifyOtpBodySchema = z.object({
  aadhaarNumber: aadhaarNumberSchema,
  phoneNumber: phoneNumberSchema,
  otp: otpSchema,
  deviceId: deviceIdSchema.optional(),
});

/** The signed-in user as the API describes it; the Aadhaar number is masked. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  aadhaarId: z.string(),
  phone: z.string(),
  type: z.enum(['demo', 'user']),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /api/auth/verify-otp answer. */
export const loginResponseSchema = z.object({
  user_id: z.string(),
  session_token: z.string(),
  message: z.string(),
  expires_at: z.string(),
  user: sessionUserSchema,
  /**
   * True when this sign-in cancelled an account deletion in its grace period (DPDP Act s.12;
   * the client says so).
   */
  deletion_cancelled: z.boolean().optional(),
  /**
   * When a recovery code stood in for the passkey at this sign-in: how many unused codes are
   * left (the client says so, and warns at RECOVERY_CODES_LOW or fewer).
   */
  recovery_codes_left: z.number().int().min(0).optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/send-otp answer. */
export const sendOtpResponseSchema = z.object({ success: z.boolean(), message: z.string() });

/**
 * One live session of the holder (every session can be listed and revoked), as
 * GET /user/{userId}/sessions answers it. Instants are ISO 8601; `expires_at` is when it ends if
 * not used again (30 minutes idle, 12 hours at most); `current` marks the caller's own session.
 */
export const sessionRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(['demo', 'user']),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The browser's User-Agent at login (at most 200 characters), or null. */
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** GET /user/{userId}/sessions answer: newest use first. */
export const sessionListSchema = z.object({ sessions: z.array(sessionRecordSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** DELETE /user/{userId}/sessions/{sessionId} and POST .../sessions/revoke-others answer. */
export const sessionRevokeAnswerSchema = z.object({
  message: z.string(),
  /** How many sessions this call ended. */
  revoked: z.number().int().nonnegative(),
});
export type SessionRevokeAnswer = z.infer<typeof sessionRevokeAnswerSchema>;
