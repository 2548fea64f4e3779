/**
 * The wallet-facing OpenID4VCI 1.0 endpoints of the product's issuers, mounted under /oid4vci;
 * public (docs/api-contract.md "OpenID4VCI issuer", docs/oid4vci.md):
 *
 * - GET /oid4vci/offers/{id}: the Credential Offer at `credential_offer_uri` (section 4.1.3);
 *   errors are problems (404 offer_not_found, 410 offer_expired).
 * - POST /oid4vci/issuers/{slug}/token (section 6; form body, JSON accepted too): the
 *   pre-authorized code grant; rate-limited per address (RATE_LIMITS.oid4vci).
 * - POST /oid4vci/issuers/{slug}/nonce (section 7): a c_nonce; rate-limited likewise.
 * - POST /oid4vci/issuers/{slug}/credential (section 8), .../deferred_credential (section 9),
 *   .../notification (section 11): Bearer access token of the token endpoint.
 *
 * The token, nonce, credential, deferred and notification endpoints answer their refusals as
 * the standard's error JSON, `application/json` `{ error, error_description }` (RFC 6749 5.2,
 * RFC 6750 3.1, OpenID4VCI 1.0 8.3.1.2, 9.3, 11.3): 400, or 401 invalid_token with
 * `WWW-Authenticate: Bearer error="invalid_token"`. A body that fails the route's schema or the
 * body parser's rules is that endpoint's request error (invalid_request,
 * invalid_credential_request, invalid_notification_request). Everything else (an unknown issuer
 * slug 404, 413, 415, 429) stays an RFC 9457 problem. Every answer is `Cache-Control: no-store`.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCredentialNonce } from '../../issuer/create-credential-nonce';
import { requireIssuerOfSlug } from '../../issuer/get-credential-issuer-metadata';
import { getCredentialOffer } from '../../issuer/get-credential-offer';
import { getDeferredCredential } from '../../issuer/get-deferred-credential';
import { issueOfferedCredential } from '../../issuer/issue-offered-credential';
import {
  isOid4vciError,
  NOTIFICATION_EVENTS,
  type Oid4vciError,
  type Oid4vciErrorCode,
} from '../../issuer/oid4vci';
import { recordCredentialNotification } from '../../issuer/record-credential-notification';
import { redeemPreAuthorizedCode } from '../../issuer/redeem-pre-authorized-code';
import { isAppError } from '../../lib/errors';
import { errorResponses } from '../../lib/http-schemas';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { addFormBodyParser, FORM_CONTENT_TYPE } from '../oid4vp';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** routes/oid4vci: the OAuth error code of a malformed request to this endpoint. */
    oauthInvalidRequest?: Oid4vciErrorCode;
  }
}

/** The standard's error answer, documented for the OpenAPI document. */
export const oauthErrorSchema = z
  .object({
    error: z.string().describe('The OAuth 2.0 / OpenID4VCI error code, e.g. invalid_grant'),
    error_description: z.string().optional().describe('What went wrong, in plain English'),
  })
  .meta({ id: 'OAuthError' });

const oauthError = (description: string) => ({
  description,
  content: { 'application/json': { schema: oauthErrorSchema } },
});

const offerParams = z.object({ offerId: z.string().min(1).max(64) });
const issuerParams = z.object({ slug: z.string().min(1).max(64) });

const tokenBodySchema = z.looseObject({
  grant_type: z.string().max(200).optional(),
  'pre-authorized_code': z.string().max(512).optional(),
  tx_code: z.string().max(64).optional(),
});

const credentialBodySchema = z.looseObject({
  credential_configuration_id: z.string().min(1).max(200).optional(),
  credential_identifier: z.string().min(1).max(200).optional(),
  proofs: z
    .looseObject({ jwt: z.array(z.string().min(1).max(8192)).min(1).max(10).optional() })
    .optional(),
});

const credentialAnswer = z.object({
  credentials: z.array(
    z.object({ credential: z.union([z.string(), z.record(z.string(), z.unknown())]) }),
  ),
  notification_id: z.string(),
});
const pendingAnswer = z.object({ transaction_id: z.string(), interval: z.number().int() });

/** Sends an Oid4vciError as the standard's error JSON. */
function sendOauthError(
  reply: FastifyReply,
  error: Pick<Oid4vciError, 'error' | 'description' | 'status'>,
) {
  if (error.status === 401) {
    reply.header('www-authenticate', `Bearer error="${error.error}"`);
  }
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send({ error: error.error, error_description: error.description });
}

const oid4vciRoutes: FastifyPluginAsyncZod = async (app) => {
  addFormBodyParser(app);

  app.setErrorHandler((error, request, reply) => {
    if (isOid4vciError(error)) {
      request.log.info({ code: error.error, status: error.status }, 'request refused');
      return sendOauthError(reply, error);
    }
    const requestError = request.routeOptions.config.oauthInvalidRequest;
    if (
      requestError &&
      (hasZodFastifySchemaValidationErrors(error) ||
        (isAppError(error) && error.statusCode === 400))
    ) {
      const where = hasZodFastifySchemaValidationErrors(error)
        ? error.validation[0]?.instancePath.replace(/^\//, '').replaceAll('/', '.')
        : undefined;
      request.log.info({ code: requestError, status: 400 }, 'request refused');
      return sendOauthError(reply, {
        error: requestError,
        status: 400,
        description: where
          ? `The parameter ${where} is malformed.`
          : isAppError(error)
            ? error.detail
            : 'The request is malformed.',
      });
    }
    // Everything else: the app's one error handler (a problem).
    throw error;
  });

  app.get(
    '/offers/:offerId',
    {
      schema: {
        tags: ['oid4vci'],
        operationId: 'getIssuerCredentialOffer',
        summary: 'OpenID4VCI: the Credential Offer at credential_offer_uri',
        params: offerParams,
        response: {
          200: z.object({
            credential_issuer: z.string(),
            credential_configuration_ids: z.array(z.string()),
            grants: z.record(z.string(), z.unknown()),
            expires_at: z
              .string()
              .describe(
                'Extension parameter (ISO 8601): when the offer ends unless redeemed or ended by wrong codes first',
              ),
          }),
          ...errorResponses(400, 404, 410),
        },
      },
    },
    async (request) => getCredentialOffer({ ...app.deps, offerId: request.params.offerId }),
  );

  app.post(
    '/issuers/:slug/token',
    {
      config: { rateLimit: RATE_LIMITS.oid4vci, oauthInvalidRequest: 'invalid_request' },
      schema: {
        tags: ['oid4vci'],
        operationId: 'oid4vciToken',
        summary: 'OpenID4VCI token endpoint: pre-authorized code (and tx_code) for an access token',
        params: issuerParams,
        consumes: [FORM_CONTENT_TYPE],
        body: tokenBodySchema,
        response: {
          200: z.object({
            access_token: z.string(),
            token_type: z.literal('Bearer'),
            expires_in: z.number().int(),
          }),
          400: oauthError('OAuth error: invalid_request, invalid_grant, unsupported_grant_type'),
          ...errorResponses(404, 413, 415, 429),
        },
      },
    },
    async (request) =>
      redeemPreAuthorizedCode({
        ...app.deps,
        issuer: requireIssuerOfSlug(request.params.slug),
        form: request.body,
      }),
  );

  app.post(
    '/issuers/:slug/nonce',
    {
      config: { rateLimit: RATE_LIMITS.oid4vci, oauthInvalidRequest: 'invalid_request' },
      schema: {
        tags: ['oid4vci'],
        operationId: 'oid4vciNonce',
        summary: 'OpenID4VCI nonce endpoint: a fresh c_nonce for a key proof',
        params: issuerParams,
        response: {
          200: z.object({ c_nonce: z.string() }),
          400: oauthError('OAuth error: invalid_request'),
          ...errorResponses(404, 413, 415, 429),
        },
      },
    },
    async (request) =>
      createCredentialNonce({ ...app.deps, issuer: requireIssuerOfSlug(request.params.slug) }),
  );

  app.post(
    '/issuers/:slug/credential',
    {
      config: { oauthInvalidRequest: 'invalid_credential_request' },
      schema: {
        tags: ['oid4vci'],
        operationId: 'oid4vciCredential',
        security: [{ oid4vciAccessToken: [] }],
        summary: 'OpenID4VCI credential endpoint: the credential, bound to the key proof',
        params: issuerParams,
        body: credentialBodySchema,
        response: {
          200: credentialAnswer,
          202: pendingAnswer,
          400: oauthError(
            'OpenID4VCI error: invalid_credential_request, unknown_credential_configuration, invalid_proof, invalid_nonce, credential_request_denied',
          ),
          401: oauthError('invalid_token (WWW-Authenticate: Bearer)'),
          ...errorResponses(404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const answer = await issueOfferedCredential({
        ...app.deps,
        issuer: requireIssuerOfSlug(request.params.slug),
        authorization: request.headers.authorization,
        request: request.body,
      });
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.post(
    '/issuers/:slug/deferred_credential',
    {
      config: { oauthInvalidRequest: 'invalid_request' },
      schema: {
        tags: ['oid4vci'],
        operationId: 'oid4vciDeferredCredential',
        security: [{ oid4vciAccessToken: [] }],
        summary: 'OpenID4VCI deferred credential endpoint: poll with the transaction_id',
        params: issuerParams,
        body: z.looseObject({ transaction_id: z.string().min(1).max(256) }),
        response: {
          200: credentialAnswer,
          202: pendingAnswer,
          400: oauthError('OpenID4VCI error: invalid_request, invalid_transaction_id'),
          401: oauthError('invalid_token (WWW-Authenticate: Bearer)'),
          ...errorResponses(404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const answer = await getDeferredCredential({
        ...app.deps,
        issuer: requireIssuerOfSlug(request.params.slug),
        authorization: request.headers.authorization,
        transactionId: request.body.transaction_id,
      });
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.post(
    '/issuers/:slug/notification',
    {
      config: { oauthInvalidRequest: 'invalid_notification_request' },
      schema: {
        tags: ['oid4vci'],
        operationId: 'oid4vciNotification',
        security: [{ oid4vciAccessToken: [] }],
        summary: 'OpenID4VCI notification endpoint: credential_accepted, _failure or _deleted',
        params: issuerParams,
        body: z.looseObject({
          notification_id: z.string().min(1).max(256),
          event: z.enum(NOTIFICATION_EVENTS),
          event_description: z.string().max(1000).optional(),
        }),
        response: {
          204: z.null().describe('Recorded'),
          400: oauthError(
            'OpenID4VCI error: invalid_notification_id, invalid_notification_request',
          ),
          401: oauthError('invalid_token (WWW-Authenticate: Bearer)'),
          ...errorResponses(404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      await recordCredentialNotification({
        ...app.deps,
        issuer: requireIssuerOfSlug(request.params.slug),
        authorization: request.headers.authorization,
        notification: request.body,
      });
      return reply.code(204).send(null);
    },
  );
};

export default oid4vciRoutes;
