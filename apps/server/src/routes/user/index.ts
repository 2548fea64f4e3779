/**
 * /user/{userId}/...: the signed-in holder's own data (SPEC 7, DECISIONS 3 and 6), one folder per
 * resource (folder = URL prefix under /user/{userId}/). Every route needs a Bearer session (401)
 * whose user is {userId} (403): both checked here, in onRequest, before the body is parsed or
 * any input validated.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, authorizeHolder } from '../../plugins/auth';
import activityLogsRoutes from './activity-logs';
import backupsRoutes from './backups';
import consentReceiptsRoutes from './consent-receipts';
import consentRequestsRoutes from './consent-requests';
import credentialOffersRoutes from './credential-offers';
import credentialsRoutes from './credentials';
import deletionRoutes from './deletion';
import exportRoutes from './export';
import type { HolderParams } from './holder-route';
import passkeysRoutes from './passkeys';
import passwordRoutes from './password';
import presentationRequestsRoutes from './presentation-requests';
import profileRoutes from './profile';
import recoveryCodesRoutes from './recovery-codes';
import restoreRoutes from './restore';
import rightsRequestsRoutes from './rights-requests';
import seenRoutes from './seen';
import sessionsRoutes from './sessions';
import settingsRoutes from './settings';
import sharesRoutes from './shares';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  // Before parsing and validation (the raw path parameter): a wrong holder's token gets 403
  // whatever its input; an invalid id is never the session's, so it is 403 too.
  app.addHook(
    'onRequest',
    authorizeHolder((request) => (request.params as Partial<HolderParams>).userId),
  );

  await app.register(credentialsRoutes, { prefix: '/:userId/credentials' });
  await app.register(credentialOffersRoutes, { prefix: '/:userId/credential-offers' });
  await app.register(consentRequestsRoutes, { prefix: '/:userId/consent-requests' });
  await app.register(presentationRequestsRoutes, { prefix: '/:userId/presentation-requests' });
  await app.register(activityLogsRoutes, { prefix: '/:userId/activity-logs' });
  await app.register(seenRoutes, { prefix: '/:userId/seen' });
  await app.register(profileRoutes, { prefix: '/:userId/profile' });
  await app.register(settingsRoutes, { prefix: '/:userId/settings' });
  await app.register(exportRoutes, { prefix: '/:userId/export' });
  await app.register(sessionsRoutes, { prefix: '/:userId/sessions' });
  await app.register(sharesRoutes, { prefix: '/:userId/shares' });
  await app.register(passkeysRoutes, { prefix: '/:userId/passkeys' });
  await app.register(passwordRoutes, { prefix: '/:userId/password' });
  await app.register(recoveryCodesRoutes, { prefix: '/:userId/recovery-codes' });
  await app.register(deletionRoutes, { prefix: '/:userId/deletion' });
  await app.register(backupsRoutes, { prefix: '/:userId' });
  await app.register(restoreRoutes, { prefix: '/:userId/restore' });
  await app.register(consentReceiptsRoutes, { prefix: '/:userId/consent-receipts' });
  await app.register(rightsRequestsRoutes, { prefix: '/:userId/rights-requests' });
};

export default userRoutes;
