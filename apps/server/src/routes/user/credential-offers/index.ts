/**
 * /user/{userId}/credential-offers: the wallet receiving credentials from issuers over
 * OpenID4VCI 1.0 (core api/credential-offers.ts; docs/api-contract.md "Receiving credentials
 * (OpenID4VCI)"): store an offer the holder scanned or pasted and answer what they will see,
 * read it again, accept it (the exchange with the issuer; the received credentials join the
 * credential list; or, for the authorization code grant, where the browser signs in at the
 * issuer), finish that sign-in when the browser is back, or decline it.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/credential-offers, which authenticates (401) and checks the holder (403) first.
 */
import {
  acceptCredentialOfferBodySchema,
  completeCredentialOfferAuthorizationBodySchema,
  credentialOfferRedirectSchema,
  credentialOfferViewSchema,
  credentialRecordSchema,
  receiveCredentialOfferBodySchema,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { acceptCredentialOffer } from '../../../wallet/accept-credential-offer';
import { withArrivalStatus } from '../../../wallet/check-credential-status';
import { completeCredentialOfferAuthorization } from '../../../wallet/complete-credential-offer-authorization';
import { declineCredentialOffer } from '../../../wallet/decline-credential-offer';
import { getCredentialOffer } from '../../../wallet/get-credential-offer';
import { receiveCredentialOffer } from '../../../wallet/receive-credential-offer';
import { startCredentialOfferAuthorization } from '../../../wallet/start-credential-offer-authorization';
import { holderParamsSchema, holderRoute } from '../holder-route';

const offerParamsSchema = holderParamsSchema.extend({
  offerId: z.string().min(1).max(128).describe("The offer id ('offer-...')"),
});
const acceptAnswerSchema = z.object({ credentials: z.array(credentialRecordSchema).min(1) });

const credentialOffersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        operationId: 'receiveCredentialOffer',
        summary: "Store an issuer's credential offer (OpenID4VCI) and answer what the holder sees",
        description:
          'The body holds the offer link as scanned or pasted: openid-credential-offer://?' +
          'credential_offer=... or ?credential_offer_uri=... (or an https link with that query). ' +
          "The wallet fetches the offer, the issuer's metadata and its authorization server's " +
          'metadata over the SSRF-safe client. Errors: invalid_credential_offer (400), ' +
          'offer_expired (410: the issuer answers 410 Gone for the offer), ' +
          'issuer_address_refused (422), issuer_unreachable (502).',
        body: receiveCredentialOfferBodySchema,
        response: {
          201: credentialOfferViewSchema,
          ...errorResponses(400, 401, 403, 410, 422, 502),
        },
      },
    },
    async (request, reply) => {
      const view = await receiveCredentialOffer({
        ...app.deps,
        userId: request.params.userId,
        link: request.body.offer,
      });
      return reply.code(201).send(view);
    },
  );

  app.get(
    '/:offerId',
    {
      schema: {
        ...holderRoute,
        params: offerParamsSchema,
        operationId: 'getHolderCredentialOffer',
        summary: 'One credential offer the holder received and has not accepted or declined',
        description: 'Errors: offer_not_found (404), offer_expired (410).',
        response: { 200: credentialOfferViewSchema, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request) =>
      getCredentialOffer({
        ...app.deps,
        userId: request.params.userId,
        offerId: request.params.offerId,
      }),
  );

  app.post(
    '/:offerId/accept',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        params: offerParamsSchema,
        operationId: 'acceptCredentialOffer',
        summary: 'Accept an offer: run the OpenID4VCI exchange and store the credentials',
        description:
          'Pre-authorized code flow: token (with the transaction code the holder typed), nonce, ' +
          "a proof JWT signed by the holder's key, the credential request; each credential is " +
          'checked (signature, iss, vct, cnf, size) and stored as issued; answers ' +
          '{ credentials }. Authorization code flow (an offer without a pre-authorized code): ' +
          "answers { redirect_to }, the issuer's authorization endpoint with a PKCE (S256) " +
          'request, state, issuer_state and authorization_details (pushed first when the ' +
          'authorization server takes pushed requests); the browser goes there and comes back ' +
          'to /oid4vci/callback (see POST .../credential-offers/authorization). Errors: ' +
          'tx_code_invalid (400, the holder may type again), invalid_credential_offer (400), ' +
          'offer_not_found (404), credential_exists (409, SPEC 5), offer_used (409), ' +
          'offer_expired (410: also when the issuer refused the code and no longer serves the offer), credential_rejected, credential_too_large, ' +
          'issuer_address_refused (422), issuer_refused, issuer_unreachable (502). On any ' +
          'error the offer stays and nothing is stored.',
        body: acceptCredentialOfferBodySchema,
        response: {
          201: z.union([acceptAnswerSchema, credentialOfferRedirectSchema]),
          ...errorResponses(400, 401, 403, 404, 409, 410, 422, 502),
        },
      },
    },
    async (request, reply) => {
      const redirect = await startCredentialOfferAuthorization({
        ...app.deps,
        userId: request.params.userId,
        offerId: request.params.offerId,
      });
      if (redirect) return reply.code(201).send(redirect);
      const credentials = await acceptCredentialOffer({
        ...app.deps,
        userId: request.params.userId,
        offerId: request.params.offerId,
        txCode: request.body?.tx_code,
      });
      // A credential's status is checked when it arrives.
      return reply.code(201).send({
        credentials: await withArrivalStatus(app.deps, request.params.userId, credentials),
      });
    },
  );

  app.post(
    '/authorization',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        operationId: 'completeCredentialOfferAuthorization',
        summary:
          'Finish the authorization code flow: the holder is back from the issuer with a code',
        description:
          'The web page at /oid4vci/callback sends what the issuer redirected the browser with: ' +
          '{ state, code } or { state, error, error_description? }, with iss (RFC 9207) when ' +
          'the issuer sent one. The state finds the ' +
          "holder's offer and its pending authorization (one use); the code is exchanged at the " +
          'token endpoint with the PKCE code_verifier, then the credentials are requested, ' +
          'checked and stored as on accept. Errors: authorization_state_invalid (400: unknown, ' +
          "used or another holder's state), authorization_denied (400: error=access_denied), " +
          'authorization_code_invalid (400: the token endpoint refused the code), offer_expired ' +
          '(410), credential_exists (409), credential_rejected, credential_too_large, ' +
          'issuer_address_refused (422), issuer_refused, issuer_unreachable (502). On any error ' +
          'nothing is stored and the offer stays (accept it again to sign in once more).',
        body: completeCredentialOfferAuthorizationBodySchema,
        response: {
          201: acceptAnswerSchema,
          ...errorResponses(400, 401, 403, 409, 410, 422, 502),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const credentials = await completeCredentialOfferAuthorization({
        ...app.deps,
        userId: request.params.userId,
        state: body.state,
        code: body.code,
        error: body.error,
        errorDescription: body.error_description,
        iss: body.iss,
      });
      return reply.code(201).send({
        credentials: await withArrivalStatus(app.deps, request.params.userId, credentials),
      });
    },
  );

  app.post(
    '/:offerId/decline',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        params: offerParamsSchema,
        operationId: 'declineCredentialOffer',
        summary: 'Decline an offer: it is dropped',
        description: 'Errors: offer_not_found (404).',
        response: {
          204: z.null().describe('Declined'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      await declineCredentialOffer({
        db: app.deps.db,
        userId: request.params.userId,
        offerId: request.params.offerId,
      });
      return reply.code(204).send(null);
    },
  );
};

export default credentialOffersRoutes;
