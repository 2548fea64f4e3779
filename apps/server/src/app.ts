/**
 * buildApp: the Fastify application, without listening (server.ts listens; tests use inject).
 *
 * Order: logger, body rules and the connection timeouts, plugins (security headers, connection
 * limits, CORS, rate limits, body parser, database, read cache, auth, OpenAPI, SPA), then routes. One error handler maps every error to an
 * RFC 9457 problem (application/problem+json with type, title, status, detail and a stable code;
 * lib/errors.ts, docs/api-contract.md "Errors"; never a stack; an unreachable database is 503
 * 'database_unavailable' with Retry-After, not a 500); one not-found handler serves the
 * SPA for page paths and answers the 404 problem 'not_found' for everything else.
 *
 * Logging (DECISIONS 5): bodies are never logged; sensitive fields are redacted (lib/redact-log);
 * a request line holds method, URL, status and time only (at info for refused answers, debug
 * for the rest, plus a per-minute summary: plugins/request-log.ts), so no Aadhaar number, OTP or
 * token reaches the log.
 */
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { OtpSender } from './accounts/send-otp';
import type { AppConfig } from './config';
import type { Database } from './db/create-db';
import { isDatabaseUnavailable } from './db/postgres-hosts';
import {
  causeChainOf,
  type ErrorCode,
  isAppError,
  MAX_FIELD_ERRORS,
  problemOf,
  sendProblem,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  unavailableDetail,
} from './lib/errors';
import { IN_PROCESS_REMOTE_ADDRESS } from './lib/oid4vci/issuer-http';
import { redactLogFields } from './lib/redact-log';
import { registerAuth } from './plugins/auth';
import {
  BODY_LIMIT_BYTES,
  BODY_TOO_LARGE_DETAIL,
  registerBodyParser,
  UNSUPPORTED_MEDIA_TYPE_DETAIL,
} from './plugins/body-parser';
import {
  httpServerOptions,
  registerConnectionLimits,
  timeoutOptions,
} from './plugins/connection-limits';
import { registerConsentJobs } from './plugins/consent-jobs';
import { registerCors } from './plugins/cors';
import { registerDatabase } from './plugins/db';
import { registerIdempotency } from './plugins/idempotency';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimits } from './plugins/rate-limit';
import { registerReadCache } from './plugins/read-cache';
import { RequestLog } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/static';
import authRoutes from './routes/auth';
import { consentReceiptContextRoutes, consentReceiptRoutes } from './routes/consent-receipts';
import healthRoutes from './routes/health';
import identityRoutes from './routes/identity';
import { vcIssueRoutes } from './routes/issue';
import issuerOfferRoutes from './routes/issuer';
import oid4vciRoutes from './routes/oid4vci';
import oid4vpRoutes from './routes/oid4vp';
import statusListRoutes from './routes/status-lists';
import storageRoutes from './routes/storage';
import trustListRoutes from './routes/trust-list';
import userRoutes from './routes/user';
import vctRoutes from './routes/vct';
import verifierRoutes from './routes/verifier';
import { vcApiRoutes, verifyLinkRoutes, verifyPageRoutes, vpApiRoutes } from './routes/verify';
import wellKnownRoutes from './routes/well-known';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** A writable log destination (pino's DestinationStream); tests capture log lines with it. */
export interface LogDestination {
  write(line: string): void;
}

export interface BuildAppOptions {
  config: AppConfig;
  /** An open database to use (tests share one PGlite); otherwise one is created from config. */
  db?: Database;
  /** Where OTP_PROVIDER=console delivers codes; default: a warning line in the server log. */
  otpSender?: OtpSender;
  /** Log destination; default stdout. */
  logStream?: LogDestination;
  /** Where the demo verifier API keys are printed once (DEMO_VERIFIER_KEYS); default stdout. */
  announce?: (text: string) => void;
}

/** Codes and messages for Fastify's own 4xx errors, so clients never see framework wording. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; detail: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    detail: UNSUPPORTED_MEDIA_TYPE_DETAIL,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', detail: BODY_TOO_LARGE_DETAIL },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'content_length_mismatch',
    detail: 'Request body size did not match Content-Length',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'empty_body', detail: 'Request body is empty' },
  FST_ERR_BAD_URL: { code: 'malformed_url', detail: 'Malformed URL' },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'path_segment_too_long',
    detail: 'A path segment of the URL is too long',
  },
};

/**
 * Builds the app and waits until it is ready (database migrated and seeded, routes mounted).
 * @throws when the database cannot be opened, migrated or seeded (see registerDatabase).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  let securityHeaders: ReturnType<typeof registerSecurityHeaders> | undefined;
  const requestLog = new RequestLog();
  // Timeouts of Node's server, and the rest of the connection limits (plugins/connection-limits).
  const serverOptions = httpServerOptions(config.connections);
  const app = Fastify({
    // HTTPS when TLS_CERT_FILE/TLS_KEY_FILE are set. Typed as the plain server: the app uses no
    // API that differs between the two (Fastify's typings would otherwise change every type).
    ...((config.tls
      ? { https: { ...config.tls, ...serverOptions } }
      : { http: serverOptions }) as object),
    ...timeoutOptions(config.connections),
    logger: {
      level: config.logLevel,
      // Sensitive fields (Aadhaar number, OTP, tokens, auth headers) at any depth.
      formatters: { log: redactLogFields },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Request lines and the per-minute summary (plugins/request-log.ts).
    logController: requestLog,
    // Real client IPs (and the scheme) are only known behind a configured proxy (TRUST_PROXY);
    // without one, the socket's.
    trustProxy: config.trustProxy,
    // Router-level errors (bad URL encoding, over-long path segment) go through the one error
    // handler too, so they answer a problem and never echo the path.
    frameworkErrors: (error, request, reply) => {
      // These answers skip the onSend hooks: the security headers are set here.
      securityHeaders?.(request, reply);
      return handleError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.setErrorHandler(handleError);
  requestLog.start(app.log);
  app.addHook('onClose', async () => requestLog.stop());

  // The page policy names the web build's inline scripts, known once the build is registered.
  let spaScriptHashes: readonly string[] = [];
  securityHeaders = registerSecurityHeaders(app, { inlineScriptHashes: () => spaScriptHashes });
  registerConnectionLimits(app, {
    maxPerClient: config.connections.maxConnectionsPerClient,
    trustProxy: config.trustProxy,
  });
  await registerCors(app, { origins: config.corsOrigins });
  await registerRateLimits(app, {
    enabled: config.rateLimits,
    now: config.now,
    redisUrl: config.redisUrl,
  });
  registerBodyParser(app);
  await registerDatabase(app, { config, db: options.db, announce: options.announce });
  await registerReadCache(app, { enabled: config.readCache, database: app.database });
  registerConsentJobs(app);
  registerAuth(app);
  // Before the routes: it hooks every mutating holder route as it is registered.
  registerIdempotency(app);
  await registerOpenApi(app, { version: config.version });
  const spa = await registerSpa(app, { webDist: config.webDist });
  spaScriptHashes = spa?.inlineScriptHashes ?? [];

  const otpSender: OtpSender = options.otpSender ?? {
    send(phone, code) {
      // OTP_PROVIDER=console exists to print codes for development (DECISIONS 3).
      app.log.warn(`[console OTP provider] code for ${phone}: ${code} (valid 5 minutes)`);
    },
  };
  await app.register(authRoutes, { prefix: '/api/auth', otpSender });
  await app.register(userRoutes, { prefix: '/user' });
  await app.register(identityRoutes, { prefix: '/identity' });
  await app.register(healthRoutes, { prefix: '/health' });
  await app.register(storageRoutes, { prefix: '/storage' });
  await app.register(verifyLinkRoutes, { prefix: '/api/verify' });
  await app.register(consentReceiptRoutes, { prefix: '/api/consent-receipts' });
  await app.register(consentReceiptContextRoutes, { prefix: '/contexts' });
  await app.register(verifyPageRoutes, { prefix: '/verify' });
  await app.register(vcApiRoutes, { prefix: '/credentials' });
  await app.register(vcIssueRoutes, { prefix: '/credentials' });
  await app.register(vpApiRoutes, { prefix: '/presentations' });
  await app.register(vctRoutes, { prefix: '/vct' });
  await app.register(trustListRoutes, { prefix: '/trust-list' });
  await app.register(statusListRoutes, { prefix: '/status-lists' });
  await app.register(verifierRoutes, { prefix: '/verifier' });
  await app.register(oid4vpRoutes, { prefix: '/oid4vp' });
  await app.register(issuerOfferRoutes, { prefix: '/issuer' });
  await app.register(oid4vciRoutes, { prefix: '/oid4vci' });
  await app.register(wellKnownRoutes, { prefix: '/.well-known' });

  app.setNotFoundHandler((request, reply) => {
    if (spa?.serve(request, reply)) return reply;
    return sendProblem(reply, problemOf('not_found', 'Not Found'));
  });

  // The wallet reaches this server's own OpenID4VCI issuers in process (lib/oid4vci/issuer-http.ts).
  app.deps.ownOriginFetch = async (url, init) => {
    const { pathname, search } = new URL(url);
    const answer = await app.inject({
      method: init.method ?? 'GET',
      url: `${pathname}${search}`,
      remoteAddress: IN_PROCESS_REMOTE_ADDRESS,
      headers: init.headers,
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    const noBody = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(noBody ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: Object.entries(answer.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, String(value)] as [string, string]],
      ),
    });
  };

  await app.ready();
  return app;
}

/** Zod's own wording for a wrong type, e.g. "Invalid input: expected record, received undefined". */
const ZOD_INVALID_TYPE = /^Invalid input: expected (\w+), received (\S+)$/;
const TYPE_NOUNS: Record<string, string> = {
  object: 'an object',
  record: 'an object',
  array: 'a list',
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
};

/**
 * The `detail` of a validation issue: the schema's own message, except zod's default wording for
 * a wrong type (it names library types and JavaScript values such as `undefined`, `record`,
 * `Infinity`), which becomes "<field> is required" or "<field> must be <a kind of value>", and
 * its bound of a whole number beyond JavaScript's safe integers ("expected int to be
 * <=9007199254740991"), which becomes "<field> is too large" / "too small".
 */
function validationDetail(issue: { keyword: string; instancePath: string; message?: string }) {
  const message = issue.message ?? 'Invalid request';
  const field = issue.instancePath.split('/').filter(Boolean).join('.');
  if (
    (issue.keyword === 'too_big' || issue.keyword === 'too_small') &&
    message.includes(String(Number.MAX_SAFE_INTEGER))
  ) {
    return `${field || 'A number'} is too ${issue.keyword === 'too_big' ? 'large' : 'small'}`;
  }
  const match = issue.keyword === 'invalid_type' ? ZOD_INVALID_TYPE.exec(message) : null;
  if (!match || !field) return message;
  const [, expected = '', received] = match;
  if (received === 'undefined') return `${field} is required`;
  return `${field} must be ${TYPE_NOUNS[expected] ?? 'of another type'}`;
}

/**
 * The `errors` member of a validation problem: one entry per zod issue (at most
 * MAX_FIELD_ERRORS), its JSON Pointer prefixed with the request part ('/body/phoneNumber') and
 * its zod issue code. Over-long pointers (keys echoed from the request) are cut at 200
 * characters.
 */
function fieldErrors(
  context: string | undefined,
  issues: readonly { keyword: string; instancePath: string }[],
) {
  return issues.slice(0, MAX_FIELD_ERRORS).map((issue) => {
    const path = issue.instancePath === '/' ? '' : issue.instancePath;
    return { pointer: `/${context ?? 'body'}${path}`.slice(0, 200), code: issue.keyword };
  });
}

/**
 * The one error handler, answering RFC 9457 problems (application/problem+json): AppError codes,
 * validation ('invalid_request' with `errors`), Fastify 4xx, then 500 'internal_error' without
 * details.
 */
function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isAppError(error)) {
    // The cause (when a service kept one) is for this log only: the answer says less on purpose.
    const cause = error.cause === undefined ? {} : { cause: causeChainOf(error.cause) };
    request.log.info({ code: error.code, status: error.statusCode, ...cause }, 'request refused');
    return sendProblem(reply, error.toProblem(), error.retryAfterSeconds);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    // A body that is not an object (missing, a string, an array) fails at the root path with
    // invalid_type; other root issues (an unknown key of a strict object) keep their message.
    const detail =
      !first ||
      (first.instancePath === '/' &&
        error.validationContext === 'body' &&
        first.keyword === 'invalid_type')
        ? 'Request body must be a JSON object'
        : validationDetail(first);
    request.log.info(
      { code: 'invalid_request', context: error.validationContext },
      'request refused',
    );
    return sendProblem(
      reply,
      problemOf('invalid_request', detail, {
        errors: fieldErrors(error.validationContext, error.validation),
      }),
    );
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ code: error.code, status }, 'request refused');
    const known = FASTIFY_ERRORS[error.code];
    return sendProblem(
      reply,
      known
        ? problemOf(known.code, known.detail)
        : problemOf('client_error', error.message || 'Bad Request', { status }),
    );
  }
  if (isDatabaseUnavailable(error)) {
    // A failover or an outage, not a bug: 503 with Retry-After, never a 500 (docs/scaling.md).
    request.log.warn({ err: error }, 'database unavailable');
    return sendProblem(
      reply,
      problemOf('database_unavailable', unavailableDetail()),
      UNAVAILABLE_RETRY_AFTER_SECONDS,
    );
  }
  request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, problemOf('internal_error', 'Internal Server Error'));
}
