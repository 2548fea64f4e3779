/**
 * /api/auth: OTP login and sessions (SPEC 5 and 7, DECISIONS 3, docs/api-contract.md).
 * HTTP only: each handler validates (zod schemas) and calls one service.
 */
import {
  loginResponseSchema,
  loginTokenBodySchema,
  PROBLEM_CONTENT_TYPE,
  secondFactorBodySchema,
  secondFactorRequiredSchema,
  sendOtpBodySchema,
  sendOtpResponseSchema,
  sessionUserSchema,
  unlockAnswerSchema,
  unlockBodySchema,
  verifyOtpBodySchema,
  webauthnOptionsAnswerSchema,
} from '@pehchaan/core';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getSession } from '../../accounts/get-session';
import { revokeSession } from '../../accounts/revoke-sessions';
import { type OtpSender, sendOtp } from '../../accounts/send-otp';
import { createUnlockOptions, unlockSession } from '../../accounts/unlock-session';
import { verifyOtp } from '../../accounts/verify-otp';
import { getSecondFactorOptions, verifySecondFactor } from '../../accounts/verify-second-factor';
import {
  bearerSecurity,
  errorResponses,
  lockedSessionSecurity,
  problemSchema,
} from '../../lib/http-schemas';
import { authenticate, bearerTokenOf, requireBearer, requireSession } from '../../plugins/auth';
import { IDEMPOTENT } from '../../plugins/idempotency';
import { RATE_LIMITS, sendOtpLimits } from '../../plugins/rate-limit';

export interface AuthRoutesOptions {
  otpSender: OtpSender;
}

const sessionResponseSchema = z.object({
  user_id: z.string(),
  user: sessionUserSchema,
  expires_at: z.string(),
});

/** 403 of a sign-in: the problem `second_factor_required` with its extension members. */
const secondFactorProblem = {
  description:
    'Problem details (RFC 9457); `second_factor_required` carries `login_token`, `factors` and ' +
    '`expires_at`',
  content: {
    [PROBLEM_CONTENT_TYPE]: {
      schema: problemSchema.extend(secondFactorRequiredSchema.partial().shape),
    },
  },
};

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  app.post(
    '/send-otp',
    {
      preHandler: sendOtpLimits(app),
      schema: {
        tags: ['auth'],
        operationId: 'sendOtp',
        summary: 'Send a login OTP',
        description:
          'Demo phones get the demo OTP message. Other phones get 403 while OTP_PROVIDER=disabled; ' +
          'with OTP_PROVIDER=console a real code is made and printed to the server log. ' +
          'Sends to other than demo phones: at most 10 per 10 minutes per IP and 3 per 10 minutes ' +
          'per phone (429 with Retry-After).',
        body: sendOtpBodySchema,
        response: { 200: sendOtpResponseSchema, ...errorResponses(400, 403, 413, 415, 429) },
      },
    },
    async (request) =>
      sendOtp({
        ...app.deps,
        otpProvider: app.config.otpProvider,
        otpSender: options.otpSender,
        phoneNumber: request.body.phoneNumber,
        aadhaarNumber: request.body.aadhaarNumber,
      }),
  );

  app.post(
    '/verify-otp',
    {
      config: { rateLimit: RATE_LIMITS.verifyOtp },
      schema: {
        tags: ['auth'],
        operationId: 'verifyOtp',
        summary: 'Log in with Aadhaar, phone and OTP',
        description:
          "Answers a session token (Bearer) valid for the holder's Session timeout (30 minutes " +
          'by default) from last use, 12 hours at most. A holder with two-factor authentication ' +
          'or an account password gets 403 `second_factor_required` with a `login_token` ' +
          'instead (POST /api/auth/second-factor). At most 30 calls a minute per IP (429).',
        body: verifyOtpBodySchema,
        response: {
          200: loginResponseSchema,
          403: secondFactorProblem,
          ...errorResponses(400, 401, 413, 415, 429),
        },
      },
    },
    async (request) =>
      verifyOtp({
        ...app.deps,
        otpProvider: app.config.otpProvider,
        ...request.body,
        userAgent: request.headers['user-agent'],
        sessionCache: app.readCache,
      }),
  );

  app.post(
    '/second-factor/passkey-options',
    {
      config: { rateLimit: RATE_LIMITS.verifyOtp },
      schema: {
        tags: ['auth'],
        operationId: 'getSecondFactorPasskeyOptions',
        summary: 'WebAuthn request options for the passkey a sign-in owes',
        description:
          'For a sign-in that answered `second_factor_required` with `passkey` among its factors.',
        body: loginTokenBodySchema,
        response: {
          200: webauthnOptionsAnswerSchema,
          ...errorResponses(400, 401, 413, 415, 429),
        },
      },
    },
    async (request) => {
      const made = await getSecondFactorOptions({
        ...app.deps,
        rp: app.config.webauthn,
        loginToken: request.body.login_token,
      });
      return { options: made.options, expires_at: made.expiresAt.toISOString() };
    },
  );

  app.post(
    '/second-factor',
    {
      config: { rateLimit: RATE_LIMITS.verifyOtp },
      schema: {
        tags: ['auth'],
        operationId: 'verifySecondFactor',
        summary: 'Finish a sign-in with its passkey, a recovery code or the account password',
        description:
          'One factor per call. A `recovery_code` stands in for the passkey and is used up; the ' +
          'answer then carries `recovery_codes_left`. Answers the session when every factor ' +
          'owed is done; 403 `second_factor_required` while one is still owed; 401 ' +
          '`second_factor_invalid` for a wrong one, a wrong or used recovery code too (5 wrong ' +
          'ones end the sign-in: `login_expired`).',
        body: secondFactorBodySchema,
        response: {
          200: loginResponseSchema,
          403: secondFactorProblem,
          ...errorResponses(400, 401, 413, 415, 429),
        },
      },
    },
    async (request) =>
      verifySecondFactor({
        ...app.deps,
        rp: app.config.webauthn,
        loginToken: request.body.login_token,
        password: request.body.password,
        passkey: request.body.passkey as AuthenticationResponseJSON | undefined,
        recoveryCode: request.body.recovery_code,
      }),
  );

  app.post(
    '/unlock/options',
    {
      config: { rateLimit: RATE_LIMITS.verifyOtp },
      schema: {
        tags: ['auth'],
        operationId: 'getUnlockOptions',
        summary: "WebAuthn request options to unlock a locked session with this device's passkey",
        description:
          'Bearer: the locked session (ended by idling, within its 12 hours, not signed out). ' +
          'Needs Biometric unlock on and a platform passkey.',
        security: lockedSessionSecurity,
        response: { 200: webauthnOptionsAnswerSchema, ...errorResponses(401, 429) },
      },
    },
    async (request) => {
      const made = await createUnlockOptions({
        ...app.deps,
        rp: app.config.webauthn,
        token: bearerTokenOf(request),
      });
      return { options: made.options, expires_at: made.expiresAt.toISOString() };
    },
  );

  app.post(
    '/unlock',
    {
      config: { rateLimit: RATE_LIMITS.verifyOtp },
      // A call without a bearer token is refused before its body is looked at (401 first).
      onRequest: requireBearer,
      schema: {
        tags: ['auth'],
        operationId: 'unlockSession',
        summary: "Unlock a locked session with this device's passkey",
        description:
          'A verified answer makes the session live again from now (its 12-hour limit does not ' +
          'move). 401 `passkey_not_verified` for an answer that does not verify.',
        security: lockedSessionSecurity,
        body: unlockBodySchema,
        response: { 200: unlockAnswerSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request) => {
      const { expiresAt } = await unlockSession({
        ...app.deps,
        rp: app.config.webauthn,
        token: bearerTokenOf(request),
        passkey: request.body.passkey as AuthenticationResponseJSON,
      });
      return { message: 'Unlocked', expires_at: expiresAt.toISOString() };
    },
  );

  app.post(
    '/logout',
    {
      config: IDEMPOTENT,
      onRequest: authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'logout',
        summary: 'Log out (revokes the session)',
        security: bearerSecurity,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(401) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await revokeSession({ ...app.deps, sessionId: session.sessionId, userId: session.userId });
      return { message: 'Logged out successfully' };
    },
  );

  app.get(
    '/session',
    {
      onRequest: authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'getSession',
        summary: 'The current session and its user',
        security: bearerSecurity,
        response: { 200: sessionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => getSession({ db: app.deps.db, session: requireSession(request) }),
  );
};

export default authRoutes;
