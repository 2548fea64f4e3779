/**
 * /user/{userId}/profile: the holder's profile (identity fields from their credentials, identity
 * numbers masked) and replacing its contact fields.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/profile, which authenticates (401) and checks the holder (403) first.
 */
import {
  createProfileUpdateSchema,
  profileAnswerSchema,
  profileUpdateAnswerSchema,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProfile } from '../../../accounts/get-profile';
import { updateProfile } from '../../../accounts/update-profile';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { holderRoute } from '../holder-route';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'getProfile',
        summary: "The holder's profile; identity numbers masked",
        response: { 200: profileAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const profile = await getProfile({ ...app.deps, userId });
      return { profile, user_id: userId };
    },
  );

  app.put(
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: createProfileUpdateSchema(),
        operationId: 'updateProfile',
        summary:
          'Replace the contact fields (display_name, email, username, bio); the identity fields ' +
          '(name, phone, dob, gender, address) come from issued credentials and may only be sent ' +
          "unchanged (else 422 credential_backed_field); writes a 'profile_updated' entry when " +
          'something changed',
        response: {
          200: profileUpdateAnswerSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const result = await updateProfile({
        ...app.deps,
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
};

export default profileRoutes;
