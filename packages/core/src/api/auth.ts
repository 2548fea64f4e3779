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

/** POST /api/auth/verify-otp body. */
export const verifyOtpBodySchema = z.object({
  aadhaarNumber: aadhaarNumberSchema,
  phoneNumber: phoneNumberSchema,
  otp: otpSchema,
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
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/send-otp answer. */
export const sendOtpResponseSchema = z.object({ success: z.boolean(), message: z.string() });
