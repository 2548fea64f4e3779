/**
 * The composition root of the server's roles (docs/ARCHITECTURE.md "Rooms by role"; STYLE 14):
 * the one module that imports the use cases of every role and connects the ports one role asks
 * of another (lib/roles.ts). Role folders never import each other; they call `deps.roles`.
 *
 * - `connectRoles(deps)`: the ports, answered by the wallet (presentations, the Basic Identity,
 *   share links of a consent), the product-hosted verifier (its request_uri and response
 *   endpoint in process, erasing what it received, its requests), the consent ledger (the consent clock, uses,
 *   seeded requests) and the product's issuers (a credential offer, for Add Credentials).
 * - `seedFirstStart(deps)`: the first start's data, each role seeding its own tables in one
 *   transaction: the platform's claim, the sample users (accounts), SPEC 3's seeded consent
 *   requests (the consent ledger), then the registered verifiers (the verifier) and the product's
 *   issuers on the trust list (the platform) at every start.
 */
import { seedSampleUsers } from './accounts/seed-sample-users';
import { expireConsents } from './consent/expire-consents';
import { recordConsentUse, stampConsentRequestsSeen } from './consent/ledger';
import { linkSeededConsentRequests } from './consent/link-seeded-consent-requests';
import { listConsentRequests } from './consent/list-consent-requests';
import { SEEDED_HOLDER, seedConsentRequests } from './consent/seed-consent-requests';
import type { DbOrTx } from './db/create-db';
import { createCredentialOffer } from './issuer/create-credential-offer';
import type { ServiceDeps } from './lib/deps';
import type { RolePorts } from './lib/roles';
import { claimFirstStart } from './platform/claim-first-start';
import { seedTrustList } from './platform/seed-trust-list';
import { closeVerifierRequests } from './verifier/close-verifier-requests';
import { createVerifierRequest } from './verifier/create-verifier-request';
import { localTransport } from './verifier/deliver-in-process';
import { eraseClaimsOfEndedConsent } from './verifier/erase-received-claims';
import { getRequestObject } from './verifier/get-request-object';
import { seedVerifiers } from './verifier/seed-verifiers';
import { localRequestObject } from './verifier/serve-request-object-in-process';
import { ensureBasicIdentity } from './wallet/ensure-basic-identity';
import { presentCredentialFor } from './wallet/present-credential';
import { restoreCredentials } from './wallet/restore-credentials';
import { checkReceivedCredentials } from './wallet/restore-received-credentials';
import { withdrawSharesOfConsent } from './wallet/withdraw-shares-of-consent';

/**
 * The ports of every role, answered with `deps` (which holds them: the object is completed in
 * place, so a port's use case sees the same deps, ports included).
 */
export function connectRoles(deps: Omit<ServiceDeps, 'roles'>): ServiceDeps {
  const full = deps as ServiceDeps;
  const roles: RolePorts = {
    wallet: {
      presentCredential: presentCredentialFor(full),
      ensureBasicIdentity: async (options) => {
        await ensureBasicIdentity({ ...full, ...options });
      },
      withdrawSharesOfConsent,
      restoreCredentials: (db, options) => restoreCredentials(db, { ...full, ...options }),
      checkReceivedCredentials: (options) => checkReceivedCredentials({ ...full, ...options }),
    },
    verifier: {
      localTransport: localTransport.bind(null, full),
      localRequestObject: localRequestObject.bind(null, full),
      eraseClaimsOfEndedConsent,
      createRequest: async (options) => {
        const created = await createVerifierRequest({ ...full, ...options });
        return {
          id: created.id,
          requestObject: await getRequestObject({ ...full, requestId: created.id }),
        };
      },
      closeRequests: closeVerifierRequests,
    },
    consent: {
      runClock: async (options) => {
        await expireConsents({ ...full, ...options });
      },
      listRequests: (options) => listConsentRequests({ ...full, ...options }),
      recordUse: recordConsentUse,
      stampSeen: stampConsentRequestsSeen,
      seedRequests: async (db: DbOrTx, options) => {
        await seedConsentRequests({ ...full, db, ...options });
      },
    },
    issuer: {
      offerCredential: async (options) => {
        const created = await createCredentialOffer({ ...full, ...options });
        return { offer: created.openid_credential_offer };
      },
    },
  };
  full.roles = roles;
  return full;
}

/**
 * Seeds what a new database starts with (SPEC 3 sample data, DECISIONS 2 and 7), once, under
 * the caller's startup lock: the sample users and user-001's seeded consent requests in one
 * transaction with the platform's claim (a crash leaves nothing half seeded), the registered
 * verifiers and the trust list's product issuers at every start (databases seeded before they
 * existed get them too), and at
 * first start the seeded requests made real OpenID4VP requests of those verifiers (a failure is
 * logged by `onLinkFailure`: they stay plain SPEC 3 requests until a Reset).
 * @returns seeded: true when this call seeded the first-start data; verifiersAdded: the
 *   organisations this call registered.
 * @throws MasterKeyMismatchError (platform/claim-first-start.ts); database errors.
 */
export async function seedFirstStart(
  deps: ServiceDeps,
  onLinkFailure: (error: unknown) => void = () => {},
): Promise<{ seeded: boolean; verifiersAdded: { id: string; name: string }[] }> {
  const seeded = await deps.db.transaction(async (tx) => {
    if (!(await claimFirstStart({ ...deps, db: tx }))) return false;
    await seedSampleUsers({ ...deps, db: tx });
    await seedConsentRequests({ ...deps, db: tx, userId: SEEDED_HOLDER });
    return true;
  });
  const { added } = await seedVerifiers(deps);
  // The product's issuers on the trust list, kept in step with their keys at every start.
  await seedTrustList(deps);
  if (seeded) {
    await linkSeededConsentRequests({ ...deps, userId: SEEDED_HOLDER }).catch(onLinkFailure);
  }
  return { seeded, verifiersAdded: added };
}
