/**
 * /api/auth: OTP login and sessions (SPEC 5 and 7, DECISIONS 3, docs/api-contract.md).
 * HTTP only: each handler validates (zod schemas) and calls one service.
 */
import {
  loginResponseSchema,
  sendOtpBodySchema,
  sendOtpResponseSchema,
  sessionUserSchema,
  verifyOtpBodySchema,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, requireSession } from '../../plugins/auth';
import { IDEMPOTENT } from '../../plugins/idempotency';
import { RATE_LIMITS, sendOtpLimits } from '../../plugins/rate-limit';
import { getSession } from '../../services/get-session';
import { revokeSession } from '../../services/revoke-sessions';
import { type OtpSender, sendOtp } from '../../services/send-otp';
import { verifyOtp } from '../../services/verify-otp';
import { bearerSecurity, errorResponses } from '../schemas';

export interface AuthRoutesOptions {
  otpSender: OtpSender;
}

const sessionResponseSchema = z.object({
  user_id: z.string(),
  user: sessionUserSchema,
  expires_at: z.string(),
});

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
          'Answers a session token (Bearer) valid 30 minutes from last use, 12 hours at most. ' +
          'At most 30 calls a minute per IP (429 with Retry-After).',
        body: verifyOtpBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request) =>
      verifyOtp({
        ...app.deps,
        otpProvider: app.config.otpProvider,
        ...request.body,
        userAgent: request.headers['user-agent'],
      }),
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
