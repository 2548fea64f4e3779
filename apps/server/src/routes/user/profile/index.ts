/**
 * /user/{userId}/profile: the holder's profile (identity numbers masked) and replacing its eight
 * editable fields.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/profile, which authenticates (401) and checks the holder (403) first.
 */
import {
  createProfileUpdateSchema,
  profileAnswerSchema,
  profileUpdateAnswerSchema,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { getProfile } from '../../../services/get-profile';
import { updateProfile } from '../../../services/update-profile';
import { errorResponses } from '../../schemas';
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
      const profile = await getProfile({ db: app.deps.db, userId });
      return { profile, user_id: userId };
    },
  );

  app.put(
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
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
};

export default profileRoutes;
