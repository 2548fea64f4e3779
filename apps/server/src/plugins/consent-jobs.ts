/**
 * The server's consent jobs (issue 17): every CONSENT_JOBS_INTERVAL_MS, and at once when a
 * withdrawal queued a notice (`kick`), one run delivers the due withdrawal notices
 * (consent/deliver-withdrawal-notices.ts) and runs the consent clock for every holder
 * (consent/expire-consents.ts: expiry and the 7-day reminder), then records the share links
 * whose lifetime ended (wallet/log-expired-shares.ts). Runs never overlap in this
 * process (`run` joins a run under way, then starts one more); across processes the notices'
 * claims and the conditional updates keep each effect single. A failure is logged, never fatal.
 * Decorates the app with `consentJobs` ({ run, kick }); tests await `run()` after moving the clock.
 */
import type { FastifyInstance } from 'fastify';
import { deliverWithdrawalNotices } from '../consent/deliver-withdrawal-notices';
import { expireConsents } from '../consent/expire-consents';
import { logExpiredShares } from '../wallet/log-expired-shares';

/** How often the jobs run (ms): 30 s, SPEC 9's refresh interval. */
export const CONSENT_JOBS_INTERVAL_MS = 30_000;

export interface ConsentJobsResult {
  delivered: number;
  failed: number;
  retrying: number;
  expired: number;
  reminded: number;
  /** Share links whose expiry was recorded in their holder's log. */
  sharesExpired: number;
}

export interface ConsentJobs {
  /** One full run after any run under way; resolves with its counts. */
  run(): Promise<ConsentJobsResult>;
  /** Starts a run soon, without waiting for it. */
  kick(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    consentJobs: ConsentJobs;
  }
}

export function registerConsentJobs(app: FastifyInstance): void {
  let running: Promise<ConsentJobsResult> | undefined;
  let closed = false;

  const once = async (): Promise<ConsentJobsResult> => {
    const deliveries = await deliverWithdrawalNotices(app.deps);
    const clock = await expireConsents(app.deps);
    const sharesExpired = await logExpiredShares(app.deps);
    return { ...deliveries, ...clock, sharesExpired };
  };
  const run = (): Promise<ConsentJobsResult> => {
    const next: Promise<ConsentJobsResult> = (running ?? Promise.resolve())
      .catch(() => undefined)
      .then(once);
    running = next;
    void next
      .finally(() => {
        if (running === next) running = undefined;
      })
      .catch(() => undefined);
    return next;
  };
  const kick = () => {
    if (closed) return;
    run().then(
      (result) => {
        const { delivered, failed, expired, reminded, sharesExpired } = result;
        if (delivered + failed + expired + reminded + sharesExpired > 0) {
          app.log.info({ consentJobs: result }, 'consent jobs ran');
        }
      },
      (error: unknown) => app.log.warn({ err: error }, 'consent jobs failed'),
    );
  };

  app.decorate('consentJobs', { run, kick });
  const timer = setInterval(kick, CONSENT_JOBS_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running?.catch(() => undefined);
  });
}
