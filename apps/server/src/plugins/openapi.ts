/**
 * OpenAPI (STYLE: the API documents itself): @fastify/swagger builds the document from the
 * routes' zod schemas (fastify-type-provider-zod's transform); @fastify/swagger-ui serves the UI
 * at /docs and the JSON at /docs/json. Must be registered before the routes.
 *
 * Every operation names an `operationId` and a tag declared here; every error response is
 * `application/problem+json` with the shared `Problem` component (routes/schemas.ts
 * errorResponses; test/openapi.test.ts checks all three).
 *
 * The UI's routes (its page, files, /docs/json and /docs/yaml) are marked as browser documents
 * that may be cached for an hour (PUBLIC_CACHE.release, plugins/security-headers.ts): the
 * document describes the API and changes only with a release.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PUBLIC_CACHE } from './security-headers';

export async function registerOpenApi(
  app: FastifyInstance,
  options: { version: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pehchaan API',
        description:
          'Consent-first digital identity wallet. Answers are JSON, snake_case; errors are RFC ' +
          '9457 problems (`application/problem+json`: type, title, status, detail and a stable ' +
          '`code`; the `Problem` schema). See docs/api-contract.md.',
        version: options.version,
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'The session_token from POST /api/auth/verify-otp',
          },
          lockedSession: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The session_token of a session locked by idling (Biometric unlock): ' +
              'POST /api/auth/unlock makes it live again',
          },
          verifierApiKey: {
            type: 'http',
            scheme: 'bearer',
            description: "A verifier organisation's API key (npm run verifier:add)",
          },
          oid4vciAccessToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "The access token of an OpenID4VCI issuer's token endpoint (pre-authorized code grant)",
          },
          issuerApiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              "An issuer's API key for the W3C VC API issuer and OpenID4VCI offers (npm run issuer:key)",
          },
        },
      },
      tags: [
        { name: 'auth', description: 'OTP login and sessions' },
        {
          name: 'holder',
          description: "The signed-in holder's credentials, consents and activity",
        },
        { name: 'identity', description: 'Credential issuance' },
        {
          name: 'issuer',
          description: 'W3C VC API issuer: issuer organisations sign credentials (API key)',
        },
        {
          name: 'metadata',
          description: 'SD-JWT VC Type Metadata of the credential types (vct URLs)',
        },
        { name: 'system', description: 'Health and storage status' },
        {
          name: 'verify',
          description: 'Public verification: verify links and the W3C VC API verify endpoints',
        },
        {
          name: 'verifier',
          description: 'Registered verifier organisations ask holders for claims (OpenID4VP 1.0)',
        },
        {
          name: 'oid4vp',
          description:
            "OpenID4VP 1.0 wallet endpoints: request objects and the verifier's response_uri",
        },
        {
          name: 'oid4vci',
          description:
            "OpenID4VCI 1.0: the product's issuers as Credential Issuers (metadata, offers, token, nonce, credential, deferred, notification)",
        },
        {
          name: 'status',
          description:
            "Status lists of the product's issuers (IETF Token Status List, W3C Bitstring Status List) and the issuer API that changes a credential's status",
        },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, publicCache: PUBLIC_CACHE.release, browserDocument: true };
    });
    await docs.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  });
}
