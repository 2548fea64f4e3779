/**
 * /user/{userId}/credentials: the holder's credentials (screen records, identity numbers masked:
 * DECISIONS 9.6), one identity number in full (logged, limited per holder, never cached), one
 * credential's signed document and its SD-JWT VC, turning its bare link on or off, asking the
 * issuer again for a received one still pending (deferred issuance), deleting one,
 * their display order, recording a copy or download made on the device in the activity log, and
 * an offline QR code of chosen fields.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/credentials, which authenticates (401) and checks the holder (403) first.
 */
import {
  activityLogAnswerSchema,
  claimNameSchema,
  credentialActivityBodySchema,
  credentialFieldAnswerSchema,
  credentialListSchema,
  credentialRecordSchema,
  offlinePresentationAnswerSchema,
  offlinePresentationBodySchema,
  publicLinkAnswerSchema,
  publicLinkBodySchema,
  SD_JWT_VC_MEDIA_TYPE,
  statusCheckAnswerSchema,
  statusCheckBodySchema,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCachedAnswer } from '../../../lib/cached-answer';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { perHolder, RATE_LIMITS } from '../../../plugins/rate-limit';
import {
  checkCredentialStatusOfHolder,
  withArrivalStatus,
} from '../../../wallet/check-credential-status';
import { createOfflinePresentation } from '../../../wallet/create-offline-presentation';
import { deleteCredential } from '../../../wallet/delete-credential';
import { getCredentialDocument } from '../../../wallet/get-credential-document';
import { getCredentialSdJwt } from '../../../wallet/get-credential-sd-jwt';
import { listCredentials } from '../../../wallet/list-credentials';
import { recordCredentialActivity } from '../../../wallet/record-credential-activity';
import { refreshCredential } from '../../../wallet/refresh-credential';
import { reorderCredentials } from '../../../wallet/reorder-credentials';
import { revealCredentialField } from '../../../wallet/reveal-credential-field';
import { setCredentialPublicLink } from '../../../wallet/set-credential-public-link';
import { holderParamsSchema, holderRoute } from '../holder-route';

const credentialParamsSchema = holderParamsSchema.extend({
  id: z.string().min(1).max(128).describe("The credential id ('cred-...')"),
});
const fieldParamsSchema = credentialParamsSchema.extend({
  field: claimNameSchema.describe("The identity number's claim, e.g. 'aadhaar_number'"),
});
const deleteResponseSchema = z.object({ message: z.string(), credential_id: z.string() });
const documentResponseSchema = z.object({
  verifiable_credential: z.record(z.string(), z.unknown()),
});
const orderSchema = z.object({
  credential_ids: z.array(z.string().min(1).max(128)).max(100),
});

const credentialsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'listCredentials',
        summary: "The holder's credentials (screen records)",
        response: { 200: credentialListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      return sendCachedAnswer(
        reply,
        app.readCache,
        `credentials:${userId}`,
        app.deps.now,
        async () => {
          const credentials = await listCredentials({ ...app.deps, userId });
          return {
            holderId: userId,
            value: { credentials, count: credentials.length, user_id: userId },
          };
        },
        userId,
      );
    },
  );

  app.get(
    '/:id/fields/:field',
    {
      config: { rateLimit: perHolder(RATE_LIMITS.revealField) },
      schema: {
        ...holderRoute,
        params: fieldParamsSchema,
        operationId: 'revealCredentialField',
        summary: "One identity number of the holder's credential in full (the card's eye toggle)",
        description:
          'The list answers identity numbers masked; this answers one whole, records ' +
          "`credential_field_revealed` in the holder's activity log and is never cached " +
          '(Cache-Control: no-store). At most 20 a holder per 10 minutes (429 with Retry-After).',
        response: {
          200: credentialFieldAnswerSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { userId, id, field } = request.params;
      const answer = await revealCredentialField({
        ...app.deps,
        userId,
        credentialId: id,
        field,
      });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.post(
    '/:id/status-check',
    {
      config: { ...IDEMPOTENT, rateLimit: perHolder(RATE_LIMITS.statusCheck) },
      schema: {
        ...holderRoute,
        params: credentialParamsSchema,
        // Optional: without a body the credential is checked now.
        body: statusCheckBodySchema.nullish(),
        operationId: 'checkCredentialStatus',
        summary: "Check the credential's status at its issuer's status lists now",
        description:
          "Reads the issuer's IETF Token Status List and W3C Bitstring Status List entries of " +
          'the credential (both forms of a card; the worst wins) and answers what it found: ' +
          '`valid`, `suspended`, `revoked` or `unknown` (a list that cannot be read), with the ' +
          'time of the check. `if_due: true` checks only when the last check is older than the ' +
          "list's ttl (opening a card). A change is recorded as credential_status_changed. At " +
          'most 60 a holder per 10 minutes (429). Errors: credential_not_found (404).',
        response: {
          200: statusCheckAnswerSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { userId, id } = request.params;
      const status = await checkCredentialStatusOfHolder({
        ...app.deps,
        userId,
        credentialId: id,
        when: request.body?.if_due === true ? 'due' : 'now',
      });
      return reply.header('cache-control', 'no-store').send({ credential_id: id, status });
    },
  );

  app.put(
    '/:id/public-link',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        params: credentialParamsSchema,
        body: publicLinkBodySchema,
        operationId: 'setCredentialPublicLink',
        summary: "Turn the credential's bare link /verify/{id} on or off",
        description:
          'On by default (SPEC 2 opens it to anyone with the id). Off, GET /api/verify/{id} ' +
          'and its JSON forms answer 410 link_disabled; share links are not affected.',
        response: { 200: publicLinkAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId, id } = request.params;
      return setCredentialPublicLink({
        db: app.deps.db,
        userId,
        credentialId: id,
        enabled: request.body.enabled,
      });
    },
  );

  app.get(
    '/:id/document',
    {
      schema: {
        ...holderRoute,
        params: credentialParamsSchema,
        operationId: 'getCredentialDocument',
        summary: 'The signed W3C VC 2.0 document of one credential, as stored (Download JSON)',
        description:
          'A credential received from an issuer as ldp_vc answers its JSON exactly as the issuer sent it, byte for byte, as `verifiable_credential`.',
        response: {
          200: documentResponseSchema,
          // 409: a received SD-JWT VC (see .../sd-jwt), or a received credential still pending.
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { userId, id } = request.params;
      const answer = await getCredentialDocument({ ...app.deps, userId, credentialId: id });
      if (answer.issuedText !== undefined) {
        // The issuer's bytes inside the same envelope: Fastify sends a string with a JSON type
        // as is (no serializer), which the type provider's typing of send() does not know.
        const body = `{"verifiable_credential":${answer.issuedText}}`;
        return reply
          .type('application/json; charset=utf-8')
          .send(body as unknown as { verifiable_credential: Record<string, unknown> });
      }
      return { verifiable_credential: answer.document };
    },
  );

  app.get(
    '/:id/sd-jwt',
    {
      schema: {
        ...holderRoute,
        params: credentialParamsSchema,
        operationId: 'getCredentialSdJwt',
        summary:
          'The same credential as an SD-JWT VC (dc+sd-jwt) with every disclosure, bound to the holder key',
        response: {
          200: {
            description:
              'The compact SD-JWT VC: issuer JWT, then each disclosure, each ending in ~',
            content: { [SD_JWT_VC_MEDIA_TYPE]: { schema: z.string() } },
          },
          // 409: a credential with no SD-JWT form (pending, or issued in W3C form only).
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { userId, id } = request.params;
      const sdJwt = await getCredentialSdJwt({ ...app.deps, userId, credentialId: id });
      return reply.type(SD_JWT_VC_MEDIA_TYPE).send(sdJwt);
    },
  );

  app.post(
    '/:id/refresh',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        params: credentialParamsSchema,
        operationId: 'refreshCredential',
        summary: 'Ask the issuer again for a credential it is still preparing (deferred issuance)',
        description:
          'A received credential whose `received.state` is `pending` is asked for at the ' +
          "issuer's Deferred Credential Endpoint (OpenID4VCI 1.0 section 9); when it comes it is " +
          'checked and stored as issued. Any other credential is answered as listed. Errors: ' +
          'credential_not_found (404), credential_exists (409), credential_rejected, ' +
          'credential_too_large, issuer_address_refused (422), issuer_refused, ' +
          'issuer_unreachable (502).',
        response: {
          200: z.object({ credential: credentialRecordSchema }),
          ...errorResponses(400, 401, 403, 404, 409, 422, 502),
        },
      },
    },
    async (request) => {
      const { userId, id } = request.params;
      const credential = await refreshCredential({ ...app.deps, userId, credentialId: id });
      // A deferred credential that came is checked as any arrival (docs/status-lists.md); one still pending
      // is answered as it is.
      const [checked = credential] =
        credential.received?.state === 'issued' && credential.status.checked_at === null
          ? await withArrivalStatus(app.deps, userId, [credential])
          : [credential];
      return { credential: checked };
    },
  );

  app.delete(
    '/:id',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        params: credentialParamsSchema,
        operationId: 'deleteCredential',
        summary: 'Delete one credential (the Basic Identity is permanent)',
        response: { 200: deleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId, id } = request.params;
      const credentialId = await deleteCredential({ ...app.deps, userId, credentialId: id });
      return { message: 'Credential deleted successfully', credential_id: credentialId };
    },
  );

  app.post(
    '/:id/activity',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        params: credentialParamsSchema,
        body: credentialActivityBodySchema,
        operationId: 'recordCredentialActivity',
        summary: "Record a copy or download of one credential made on the holder's device",
        response: { 201: activityLogAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { userId, id } = request.params;
      const activityLog = await recordCredentialActivity({
        ...app.deps,
        userId,
        credentialId: id,
        type: request.body.type,
      });
      return reply.code(201).send({ message: 'Activity logged', activity_log: activityLog });
    },
  );

  app.put(
    '/order',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: orderSchema,
        operationId: 'reorderCredentials',
        summary: 'Store the display order of the credentials (Basic Identity stays first)',
        response: { 200: orderSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const ids = await reorderCredentials({
        db: app.deps.db,
        userId,
        credentialIds: request.body.credential_ids,
      });
      return { credential_ids: ids };
    },
  );

  // The offline QR (DECISIONS 8; docs/offline-verification.md).
  app.post(
    '/:id/offline-presentation',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        params: credentialParamsSchema,
        body: offlinePresentationBodySchema,
        operationId: 'createOfflinePresentation',
        summary: 'An offline QR code of the chosen fields: an SD-JWT VC presentation, packed',
        description:
          'The QR text is `PH1:` + Base45 of the raw DEFLATE of the packed presentation ' +
          "(docs/offline-verification.md). Its KB-JWT's `aud` is `offline` (valid 10 minutes) " +
          'or, with `medium: print`, `offline-print` (no time limit); its `nonce` is shown ' +
          'beside the code. An identity number among `fields` must also be named in ' +
          '`full_values`: a signed value cannot be masked.',
        response: {
          200: offlinePresentationAnswerSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const { userId, id } = request.params;
      return createOfflinePresentation({
        ...app.deps,
        userId,
        credentialId: id,
        fields: request.body.fields,
        medium: request.body.medium ?? 'screen',
      });
    },
  );
};

export default credentialsRoutes;
