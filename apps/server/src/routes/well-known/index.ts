/**
 * Well-known metadata of the product's issuers, mounted under /.well-known (path insertion of
 * RFC 8615 / RFC 8414 section 3.1, as OpenID4VCI 1.0 section 12.2.2 places it):
 *
 * - GET /.well-known/openid-credential-issuer/oid4vci/issuers/{slug}: Credential Issuer Metadata.
 * - GET /.well-known/oauth-authorization-server/oid4vci/issuers/{slug}: its authorization
 *   server's metadata (the issuer is its own, pre-authorized code grant only).
 *
 * issuer/get-credential-issuer-metadata.ts builds both; 404 not_found for an unknown slug.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  getAuthorizationServerMetadata,
  getCredentialIssuerMetadata,
} from '../../issuer/get-credential-issuer-metadata';
import { errorResponses } from '../../lib/http-schemas';

const issuerParams = z.object({ slug: z.string().min(1).max(64) });

const wellKnownRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/openid-credential-issuer/oid4vci/issuers/:slug',
    {
      schema: {
        tags: ['oid4vci'],
        operationId: 'getCredentialIssuerMetadata',
        summary: "OpenID4VCI: one of the product's issuers' Credential Issuer Metadata",
        params: issuerParams,
        response: {
          200: z.looseObject({
            credential_issuer: z.string(),
            credential_endpoint: z.string(),
            credential_configurations_supported: z.record(z.string(), z.unknown()),
          }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => getCredentialIssuerMetadata({ ...app.deps, slug: request.params.slug }),
  );

  app.get(
    '/oauth-authorization-server/oid4vci/issuers/:slug',
    {
      schema: {
        tags: ['oid4vci'],
        operationId: 'getAuthorizationServerMetadata',
        summary: "OpenID4VCI: the authorization server metadata of one of the product's issuers",
        params: issuerParams,
        response: {
          200: z.looseObject({ issuer: z.string(), token_endpoint: z.string() }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => getAuthorizationServerMetadata({ ...app.deps, slug: request.params.slug }),
  );
};

export default wellKnownRoutes;
