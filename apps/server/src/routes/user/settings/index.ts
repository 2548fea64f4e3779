/**
 * /user/{userId}/settings: the holder's settings (the defaults while none were saved) and
 * replacing them with a complete settings object.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/settings, which authenticates (401) and checks the holder (403) first.
 */
import { settingsAnswerSchema, userSettingsSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateSettings } from '../../../accounts/update-settings';
import { getSettings } from '../../../lib/holder-settings';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { holderRoute } from '../holder-route';

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
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
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: userSettingsSchema,
        operationId: 'updateSettings',
        summary: 'Replace the settings with a complete settings object (every field required)',
        description:
          'Takes effect at once: Session timeout on every live session, Data retention on the ' +
          'activity log. 409 `passkey_required` (two-factor or biometric unlock without a ' +
          'passkey) or `backup_key_required` (Automatic backup without a backup passphrase). ' +
          'The retired privacy fields are stored at their fixed values.',
        response: { 200: settingsAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
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
};

export default settingsRoutes;
