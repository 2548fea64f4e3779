/**
 * /user/{userId}/...: the signed-in holder's own data (SPEC 7, DECISIONS 3 and 6).
 * Every route needs a Bearer session (401) whose user is {userId} (403).
 */
import {
  activityLogAnswerSchema,
  activityLogListSchema,
  CONSENT_DECISIONS,
  consentDecisionAnswerSchema,
  consentRequestListSchema,
  consentResetAnswerSchema,
  createProfileUpdateSchema,
  credentialListSchema,
  holderExportSchema,
  markSeenAnswerSchema,
  markSeenSchema,
  newActivityLogSchema,
  profileAnswerSchema,
  profileUpdateAnswerSchema,
  sessionListSchema,
  sessionRevokeAnswerSchema,
  settingsAnswerSchema,
  userSettingsSchema,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCachedAnswer } from '../../lib/cached-answer';
import { authenticate, requireSession, requireUser } from '../../plugins/auth';
import { IDEMPOTENT } from '../../plugins/idempotency';
import { decideConsentRequest } from '../../services/decide-consent-request';
import { deleteCredential } from '../../services/delete-credential';
import { exportHolderData } from '../../services/export-holder-data';
import { getCredentialDocument } from '../../services/get-credential-document';
import { getProfile } from '../../services/get-profile';
import { getSettings } from '../../services/get-settings';
import { listActivityLogs } from '../../services/list-activity-logs';
import { listConsentRequests } from '../../services/list-consent-requests';
import { listCredentials } from '../../services/list-credentials';
import { listSessions } from '../../services/list-sessions';
import { markSeen } from '../../services/mark-seen';
import { recordActivity } from '../../services/record-activity';
import { reorderCredentials } from '../../services/reorder-credentials';
import { resetConsentRequests } from '../../services/reset-consent-requests';
import { revokeHolderSession, revokeOtherSessions } from '../../services/revoke-sessions';
import { updateProfile } from '../../services/update-profile';
import { updateSettings } from '../../services/update-settings';
import { bearerSecurity, errorResponses, userIdSchema } from '../schemas';

const paramsSchema = z.object({ userId: userIdSchema('userId') });
const credentialParamsSchema = paramsSchema.extend({
  id: z.string().min(1).max(128).describe("The credential id ('cred-...')"),
});
const consentParamsSchema = paramsSchema.extend({
  id: z.string().min(1).max(128).describe("The consent request id ('consent-...')"),
});
const sessionParamsSchema = paramsSchema.extend({
  sessionId: z.string().min(1).max(128).describe("The session id ('sess-...')"),
});
const deleteResponseSchema = z.object({ message: z.string(), credential_id: z.string() });
const documentResponseSchema = z.object({
  verifiable_credential: z.record(z.string(), z.unknown()),
});
const orderSchema = z.object({
  credential_ids: z.array(z.string().min(1).max(128)).max(100),
});

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  // After validation, so params.userId is the checked value.
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      requireUser(request, (request.params as z.infer<typeof paramsSchema>).userId);
      done();
    } catch (error) {
      done(error as Error);
    }
  });

  const common = {
    tags: ['holder'],
    security: bearerSecurity,
    params: paramsSchema,
  };

  app.get(
    '/:userId/credentials',
    {
      schema: {
        ...common,
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
      );
    },
  );

  app.get(
    '/:userId/credentials/:id/document',
    {
      schema: {
        ...common,
        params: credentialParamsSchema,
        operationId: 'getCredentialDocument',
        summary: 'The signed W3C VC 2.0 document of one credential, as stored (Download JSON)',
        response: { 200: documentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId, id } = request.params;
      const document = await getCredentialDocument({ ...app.deps, userId, credentialId: id });
      return { verifiable_credential: document };
    },
  );

  app.delete(
    '/:userId/credentials/:id',
    {
      config: IDEMPOTENT,
      schema: {
        ...common,
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

  app.put(
    '/:userId/credentials/order',
    {
      config: IDEMPOTENT,
      schema: {
        ...common,
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

  app.get(
    '/:userId/consent-requests',
    {
      schema: {
        ...common,
        operationId: 'listConsentRequests',
        summary: "The holder's consent requests",
        response: { 200: consentRequestListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      return sendCachedAnswer(reply, app.readCache, `consent:${userId}`, app.deps.now, async () => {
        const requests = await listConsentRequests({ db: app.deps.db, userId });
        return {
          holderId: userId,
          value: { consent_requests: requests, count: requests.length, user_id: userId },
        };
      });
    },
  );

  app.post(
    '/:userId/consent-requests/reset',
    {
      config: IDEMPOTENT,
      schema: {
        ...common,
        operationId: 'resetConsentRequests',
        summary:
          'Restore the three seeded pending consent requests of this holder (Reset Requests)',
        response: { 200: consentResetAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const requests = await resetConsentRequests({ ...app.deps, userId });
      return {
        message: 'Consent requests reset',
        consent_requests: requests,
        count: requests.length,
        user_id: userId,
      };
    },
  );

  for (const decision of CONSENT_DECISIONS) {
    app.post(
      `/:userId/consent-requests/:id/${decision}`,
      {
        config: IDEMPOTENT,
        schema: {
          ...common,
          params: consentParamsSchema,
          operationId: decision === 'approve' ? 'approveConsentRequest' : 'rejectConsentRequest',
          summary:
            decision === 'approve'
              ? 'Approve a pending consent request (final)'
              : 'Reject a pending consent request (final)',
          response: {
            200: consentDecisionAnswerSchema,
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) => {
        const { userId, id } = request.params;
        const result = await decideConsentRequest({
          ...app.deps,
          userId,
          consentRequestId: id,
          decision,
        });
        return {
          message: decision === 'approve' ? 'Consent request approved' : 'Consent request rejected',
          consent_request: result.consentRequest,
          activity_log: result.activityLog,
        };
      },
    );
  }

  app.post(
    '/:userId/activity-logs',
    {
      config: IDEMPOTENT,
      schema: {
        ...common,
        body: newActivityLogSchema,
        operationId: 'recordActivity',
        summary: 'Record an activity entry of one of the SPEC 3 types',
        response: { 201: activityLogAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const activityLog = await recordActivity({ ...app.deps, userId, ...request.body });
      return reply.code(201).send({ message: 'Activity logged', activity_log: activityLog });
    },
  );

  app.post(
    '/:userId/seen',
    {
      config: IDEMPOTENT,
      schema: {
        ...common,
        body: markSeenSchema,
        operationId: 'markSeen',
        summary:
          "Stamp last_viewed on all the holder's credentials, consent requests or activity logs",
        response: { 200: markSeenAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const seen = await markSeen({ ...app.deps, userId, kinds: request.body.kinds });
      return { kinds: seen.kinds, last_viewed: seen.lastViewed.toISOString() };
    },
  );

  app.get(
    '/:userId/activity-logs',
    {
      schema: {
        ...common,
        operationId: 'listActivityLogs',
        summary: "The holder's activity log, newest first",
        response: { 200: activityLogListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const logs = await listActivityLogs({ db: app.deps.db, userId });
      return { activity_logs: logs, count: logs.length, user_id: userId };
    },
  );

  app.get(
    '/:userId/profile',
    {
      schema: {
        ...common,
        operationId: 'getProfile',
        summary: "The holder's profile; identity numbers masked",
        response: { 200: profileAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const profile = await getProfile({ db: app.deps.db, userId });
      return { profile, user_id: userId };
    },
  );

  app.put(
    '/:userId/profile',
    {
      config: IDEMPOTENT,
      schema: {
        ...common,
        // The date of birth may not be after today by the app's clock.
        body: createProfileUpdateSchema(app.deps.now),
        operationId: 'updateProfile',
        summary:
          'Replace the eight editable profile fields (name, email, phone, username, bio, dob, ' +
          "gender, address); writes a 'profile_updated' entry when something changed",
        response: { 200: profileUpdateAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const result = await updateProfile({
        db: app.deps.db,
        now: app.deps.now,
        userId,
        update: request.body,
      });
      return {
        message: result.activityLog ? 'Profile updated successfully' : 'No changes to save',
        profile: result.profile,
        activity_log: result.activityLog,
      };
    },
  );

  app.get(
    '/:userId/settings',
    {
      schema: {
        ...common,
        operationId: 'getSettings',
        summary: "The holder's settings (the defaults while none were saved)",
        response: { 200: settingsAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const stored = await getSettings({ db: app.deps.db, userId });
      return {
        settings: stored.settings,
        user_id: userId,
        updated_at: stored.updatedAt?.toISOString() ?? null,
      };
    },
  );

  app.put(
    '/:userId/settings',
    {
      config: IDEMPOTENT,
      schema: {
        ...common,
        body: userSettingsSchema,
        operationId: 'updateSettings',
        summary: 'Replace the settings with a complete settings object (every field required)',
        response: { 200: settingsAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const stored = await updateSettings({
        db: app.deps.db,
        now: app.deps.now,
        userId,
        settings: request.body,
      });
      return {
        message: 'Settings saved',
        settings: stored.settings,
        user_id: userId,
        updated_at: stored.updatedAt?.toISOString() ?? null,
      };
    },
  );

  app.get(
    '/:userId/export',
    {
      schema: {
        ...common,
        operationId: 'exportHolderData',
        summary:
          "All of the holder's data as one JSON document: profile, settings, credentials " +
          'with their signed documents, consent requests, activity log',
        response: { 200: holderExportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      return exportHolderData({ ...app.deps, userId });
    },
  );

  app.get(
    '/:userId/sessions',
    {
      schema: {
        ...common,
        operationId: 'listSessions',
        summary: "The holder's live sessions (issue 8), most recently used first",
        description:
          'Tokens are never shown (only their hashes are stored). `current` marks the session ' +
          'making this call.',
        response: { 200: sessionListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      listSessions({
        ...app.deps,
        userId: request.params.userId,
        currentSessionId: requireSession(request).sessionId,
      }),
  );

  app.delete(
    '/:userId/sessions/:sessionId',
    {
      config: IDEMPOTENT,
      schema: {
        ...common,
        params: sessionParamsSchema,
        operationId: 'revokeSession',
        summary: "End one of the holder's sessions (its token answers 401 from then on)",
        response: { 200: sessionRevokeAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId, sessionId } = request.params;
      const { revoked } = await revokeHolderSession({ ...app.deps, userId, sessionId });
      return { message: 'Session ended', revoked };
    },
  );

  app.post(
    '/:userId/sessions/revoke-others',
    {
      config: IDEMPOTENT,
      schema: {
        ...common,
        operationId: 'revokeOtherSessions',
        summary: "End every session of the holder except the caller's",
        response: { 200: sessionRevokeAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { revoked } = await revokeOtherSessions({
        ...app.deps,
        userId: request.params.userId,
        currentSessionId: requireSession(request).sessionId,
      });
      return {
        message: revoked === 1 ? 'Ended 1 other session' : `Ended ${revoked} other sessions`,
        revoked,
      };
    },
  );
};

export default userRoutes;
