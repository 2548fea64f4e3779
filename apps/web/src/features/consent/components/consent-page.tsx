/**
 * The /consent screen (SPEC 2 Consent Management): 'Consent Management', Refresh, SPEC 2's
 * Debug Logs and Reset Requests in the page's collapsed Developer tools panel (issue 19), and
 * three lists — Pending, Approved, Rejected — each with its count and an empty state, and a
 * fourth for consents that ended since (Withdrawn or expired, issue 17). Pending requests have
 * Approve and Reject (SPEC 4: decisions are final); a request that is an OpenID4VP request (the
 * seeded ones included) shows its fields with their reasons, lets the holder untick optional
 * ones, and asks Approve to be confirmed on a summary of what will be sent
 * (PresentationConsentCard); approved ones have Withdraw consent, on the
 * same screen, one action and a confirmation (DPDP Act s.6(4)): `useWithdrawConsent`, queued in
 * the outbox like a decision while offline.
 *
 * Data: the API with the browser-storage fallback (SPEC 1, 7); when loading fails the toast
 * 'Failed to load consent requests' and, with nothing stored, the three sample pending requests
 * (SPEC 8). A decision the server refuses toasts 'Failed to approve consent' / 'Failed to reject
 * consent'; a 409 (decided elsewhere) shows the server's detail and reloads. While the API is
 * unreachable a decision is kept on this device and shown at once as 'Not yet synced'; the outbox
 * sends it once the API answers and invalidates the list's query, which reloads it. A decision is
 * the consent feature's mutation (`useDecideConsentRequest`): it shows the decision in the cached
 * list at once and invalidates the list and the activity log.
 */
import type { ConsentDecision, ConsentRequest } from '@pehchaan/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DeveloperTools } from '@/components/ui/developer-tools';
import { InfoIcon, RefreshIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { hasProblemCode } from '@/lib/api-client';
import { useConsentTexts } from '@/lib/consent-texts';
import type { Sourced } from '@/lib/local-fallback';
import { problemMessage } from '@/lib/problem-message';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { isFailedLoad, useFallbackToast } from '@/lib/use-fallback-toast';
import { LocalSaveError, useDecideConsentRequest } from '../api/decide-consent-request';
import { getConsentRequestsQueryOptions } from '../api/get-consent-requests';
import { resetConsentRequests } from '../api/reset-consent-requests';
import { useWithdrawConsent } from '../api/withdraw-consent';
import {
  type ConsentLists,
  type ConsentSource,
  groupByStatus,
  sampleConsentRequests,
} from '../consent-records';
import { ConsentDebugPanel } from './consent-debug-panel';
import { ConsentRequestCard } from './consent-request-card';
import { PresentationConsentCard } from './presentation-consent-card';
import { PresentationLinkEntry } from './presentation-link-entry';

const SECTIONS = [
  'pending',
  'approved',
  'rejected',
  'ended',
] as const satisfies (keyof ConsentLists)[];

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What the screen shows: the cached list, or the sample requests when nothing could be loaded. */
function shownRequests(
  result: Sourced<ConsentRequest[]> | undefined,
  userId: string,
): { requests: ConsentRequest[]; source: ConsentSource | null } {
  if (!result) return { requests: [], source: null };
  if (result.source === 'api') return { requests: result.data, source: 'api' };
  if (result.data.length > 0) return { requests: result.data, source: 'localStorage' };
  return { requests: sampleConsentRequests(new Date(), userId), source: 'sample' };
}

export function ConsentPage({ userId }: { userId: string }) {
  const { t } = useTranslation('consent');
  const { t: tm } = useTranslation('messages');
  // Organisations in the holder's language where they have a name in it (core's registry).
  const texts = useConsentTexts();
  const queryClient = useQueryClient();
  const consentQuery = getConsentRequestsQueryOptions(userId);
  const { data: loaded, isPending: loading, refetch } = useQuery(consentQuery);
  const { requests, source } = useMemo(() => shownRequests(loaded, userId), [loaded, userId]);
  const [refreshing, setRefreshing] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const lastError =
    actionError ?? (loaded?.source === 'localStorage' ? errorText(loaded.error) : null);
  const [showDebug, setShowDebug] = useState(false);
  const [busy, setBusy] = useState<Record<string, ConsentDecision>>({});
  const pendingHeading = useRef<HTMLHeadingElement>(null);
  /** Counts decisions shown, so focus can be kept after each (see below). */
  const [decisions, setDecisions] = useState(0);
  useFallbackToast(loaded, tm('consentLoadFailed'));
  const decide = useDecideConsentRequest(userId);
  const withdraw = useWithdrawConsent(userId);
  const [withdrawing, setWithdrawing] = useState<string | null>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: consentQuery.queryKey });
  /** Puts `next` in the cache at once, as this device's copy or the server's. */
  const show = (next: Sourced<ConsentRequest[]>) =>
    queryClient.setQueryData(consentQuery.queryKey, next);

  const lists = useMemo(() => groupByStatus(requests), [requests]);

  // A decided card leaves the pending list with the button that had focus: keep keyboard focus
  // on the page (the pending list's heading) instead of losing it to the document body.
  useEffect(() => {
    if (decisions === 0) return;
    const active = document.activeElement;
    if (active === null || active === document.body) pendingHeading.current?.focus();
  }, [decisions]);

  const onRefresh = async () => {
    setRefreshing(true);
    const { data } = await refetch();
    setRefreshing(false);
    if (data?.source === 'api') {
      setActionError(null);
      toast.success(t('toast.refreshed'));
    } else if (isFailedLoad(data)) {
      toast.error(tm('consentLoadFailed'));
    }
  };

  const onReset = async () => {
    setResetting(true);
    try {
      const result = await resetConsentRequests({ userId });
      if (result.source === 'api') {
        toast.success(t('toast.reset'));
        await reload();
      } else {
        // A load still in flight would answer the state before the reset.
        await queryClient.cancelQueries({ queryKey: consentQuery.queryKey });
        show({ data: result.requests, source: 'localStorage' });
        toast.success(t('toast.resetLocally'));
      }
    } catch (error) {
      setActionError(errorText(error));
      toast.error(t('toast.resetFailed'));
    } finally {
      setResetting(false);
    }
  };

  const onDecide = async (
    request: ConsentRequest,
    decision: ConsentDecision,
    claims?: readonly string[],
  ) => {
    setBusy((b) => ({ ...b, [request.id]: decision }));
    const failed = decision === 'approve' ? 'consentApproveFailed' : 'consentRejectFailed';
    try {
      const result = await decide.mutateAsync({
        request,
        decision,
        ...(claims ? { claims } : {}),
        shown: { requests, source },
      });
      if (result.source === 'api') {
        toast.success(
          t(decision === 'approve' ? 'toast.approved' : 'toast.rejected', {
            requester: texts.organisation(request.requester),
          }),
        );
      } else {
        toast.success(
          t(decision === 'approve' ? 'toast.approvedLocally' : 'toast.rejectedLocally'),
        );
      }
      setDecisions((n) => n + 1);
    } catch (error) {
      setActionError(errorText(error));
      if (error instanceof LocalSaveError) {
        toast.error(t('toast.saveLocalFailed'));
      } else if (hasProblemCode(error, 'data_sharing_off')) {
        // Settings › Privacy › Data sharing is off: say so, in the holder's language.
        setActionError(t('dataSharingOff'));
        toast.error(t('dataSharingOff'));
      } else if (
        hasProblemCode(error, 'credential_revoked') ||
        hasProblemCode(error, 'credential_suspended')
      ) {
        // A credential it includes was revoked or suspended by its issuer (SPEC 8): say so, and
        // show the request again with that credential marked unavailable.
        toast.error(problemMessage(error, { fallback: tm(failed) }));
        await reload();
      } else if (hasProblemCode(error, 'consent_already_decided')) {
        // Decided elsewhere (another device or tab): the server's answer stands (SPEC 4: final),
        // said in the holder's language (lib/problem-message.ts).
        toast.error(problemMessage(error, { fallback: tm(failed) }));
        await reload();
      } else {
        toast.error(tm(failed));
        if (hasProblemCode(error, 'consent_request_not_found')) await reload();
      }
    } finally {
      setBusy(({ [request.id]: _, ...rest }) => rest);
    }
  };

  const onWithdraw = async (request: ConsentRequest) => {
    setWithdrawing(request.id);
    try {
      const result = await withdraw.mutateAsync(request);
      toast.success(
        t(result.source === 'api' ? 'toast.withdrawn' : 'toast.withdrawnLocally', {
          requester: texts.organisation(request.requester),
        }),
      );
    } catch (error) {
      setActionError(errorText(error));
      if (error instanceof LocalSaveError) {
        toast.error(t('toast.saveLocalFailed'));
      } else if (
        hasProblemCode(error, 'consent_already_withdrawn') ||
        hasProblemCode(error, 'consent_expired') ||
        hasProblemCode(error, 'consent_not_approved')
      ) {
        // It ended elsewhere (another device, or its validity): the server's copy stands (the
        // mutation reloads the list).
        toast.error(problemMessage(error, { fallback: t('toast.withdrawFailed') }));
      } else {
        toast.error(t('toast.withdrawFailed'));
      }
    } finally {
      setWithdrawing(null);
    }
  };

  return (
    <div className="space-y-6">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
          {t('title')}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
        {/* Issue 17: the summary DPDP Act s.11(1)(b) gives the data principal. */}
        <p className="mt-2 text-sm">
          <Link
            to={paths.app.whoHasMyData.getHref()}
            className="font-medium text-orange-800 underline dark:text-orange-300"
          >
            {t('whoHasMyData')}
          </Link>
          <span className="text-slate-600 dark:text-slate-400"> · {t('whoHasMyDataLead')}</span>
        </p>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          className="min-h-11"
          onClick={onRefresh}
          loading={refreshing}
          loadingLabel={t('refreshing')}
        >
          <RefreshIcon className="size-4" />
          {t('refresh')}
        </Button>
      </div>

      {/* Issue 16: a verifier's OpenID4VP link, scanned or pasted, becomes a pending request. */}
      <PresentationLinkEntry userId={userId} onReceived={() => void reload()} />

      <DeveloperTools>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            className="min-h-11"
            onClick={() => setShowDebug((s) => !s)}
            aria-pressed={showDebug}
          >
            {t('debugLogs')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            className="min-h-11"
            onClick={onReset}
            loading={resetting}
            loadingLabel={t('resetting')}
          >
            {t('reset')}
          </Button>
        </div>
        {showDebug && (
          <ConsentDebugPanel
            userId={userId}
            source={source}
            requests={requests}
            lists={lists}
            lastError={lastError}
          />
        )}
      </DeveloperTools>

      {loading ? (
        <Spinner />
      ) : (
        <>
          {(source === 'sample' || source === 'localStorage') && (
            <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
              <InfoIcon className="mt-0.5 size-4 shrink-0" />
              {t(`notice.${source}`)}
            </p>
          )}
          {SECTIONS.map((status) => {
            const items = lists[status];
            const headingId = `consent-section-${status}`;
            return (
              <section key={status} aria-labelledby={headingId} className="space-y-3">
                <h2
                  id={headingId}
                  ref={status === 'pending' ? pendingHeading : undefined}
                  tabIndex={status === 'pending' ? -1 : undefined}
                  className="text-lg font-semibold text-slate-900 focus:outline-none dark:text-white"
                >
                  {t(`sections.${status}`, { count: items.length })}
                </h2>
                {items.length === 0 ? (
                  <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
                    {t(`empty.${status}`)}
                  </p>
                ) : (
                  <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                    {items.map((request) => (
                      <li key={request.id}>
                        {/* Every OpenID4VP request, the seeded SPEC 3 ones included (real
                            requests of the product's own verifiers, presentation.seeded), shows
                            its fields with their reasons on the same card; a seeded one is
                            decided through this page's decision (kept offline too). */}
                        {request.presentation ? (
                          <PresentationConsentCard
                            userId={userId}
                            request={{ ...request, presentation: request.presentation }}
                            {...(request.presentation.seeded
                              ? { onDecide, deciding: busy[request.id] }
                              : {})}
                            onWithdraw={onWithdraw}
                            withdrawing={withdrawing === request.id}
                            onDecided={() => {
                              void reload();
                              void queryClient.invalidateQueries({
                                queryKey: queryKeys.activityLogs(userId),
                              });
                            }}
                          />
                        ) : (
                          <ConsentRequestCard
                            request={request}
                            busy={busy[request.id]}
                            onDecide={onDecide}
                            onWithdraw={onWithdraw}
                            withdrawing={withdrawing === request.id}
                          />
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </>
      )}
    </div>
  );
}
