/**
 * "Who has my data" (issue 17), reached from /consent: the summary DPDP Act s.11(1)(b) gives the
 * data principal. Grouped by organisation (data fiduciary): what each received (claim labels,
 * from which credential), when, for which purpose, the consent's state, its uses (when known),
 * its consent receipts (JSON and a printable page), Withdraw, and grievances (s.13) and erasure
 * requests (s.12(3)) with their status and age. Then the holder's open share links, which anyone
 * with the link can open, with their views, Withdraw, and the link itself: Copy, QR code and Open
 * (components/ui/link-actions.tsx).
 *
 * Server state only (receipts are signed by the server): the consent requests and share links
 * come through the query options the route module hands in (features never import each other,
 * STYLE 1), the receipts and rights requests from this feature's own queries.
 */
import type { ConsentRequest, ShareRecord } from '@pehchaan/core';
import { type UseQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { InfoIcon } from '@/components/ui/icons';
import { LinkActions } from '@/components/ui/link-actions';
import { PageHeading } from '@/components/ui/page-heading';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { documentTypeName } from '@/lib/document-labels';
import { useFormat } from '@/lib/preferences';
import { problemMessage } from '@/lib/problem-message';
import type { SourcedListQuery } from '@/lib/query-client';
import type { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { getConsentReceiptsQueryOptions } from '../api/get-consent-receipts';
import { getRightsRequestsQueryOptions } from '../api/rights-requests';
import { DATA_SHARING_NAMESPACE } from '../i18n';
import { groupByOrganisation, openShares } from '../organisations';
import { type ConsentUses, OrganisationCard } from './organisation-card';

export interface WhoHasMyDataPageProps {
  userId: string;
  /** The holder's consent requests (the consent feature's query), whatever their source. */
  consentQuery: SourcedListQuery<ConsentRequest, ReturnType<typeof queryKeys.consentRequests>>;
  /** The holder's share links (the credentials feature's query). */
  sharesQuery: (
    userId: string,
  ) => UseQueryOptions<ShareRecord[], Error, ShareRecord[], ReturnType<typeof queryKeys.shares>>;
  /** Withdraws a share link (the credentials feature's call). */
  withdrawShare: (options: { userId: string; shareId: string }) => Promise<unknown>;
  /**
   * Withdraws an approved consent (the consent feature's mutation, the same as on /consent: kept
   * on this device and synced later when the server cannot be reached).
   */
  withdrawConsent: (request: ConsentRequest) => Promise<{ source: 'api' | 'localStorage' }>;
}

function ShareLinks({
  userId,
  sharesQuery,
  withdrawShare,
}: Pick<WhoHasMyDataPageProps, 'userId' | 'sharesQuery' | 'withdrawShare'>) {
  const { t, i18n } = useTranslation(DATA_SHARING_NAMESPACE);
  const format = useFormat();
  const queryClient = useQueryClient();
  const query = sharesQuery(userId);
  const { data: shares, isLoading } = useQuery(query);
  const withdraw = useMutation({
    mutationFn: (shareId: string) => withdrawShare({ userId, shareId }),
    onSuccess: () => {
      toast.success(t('shares.withdrawn'));
      return queryClient.invalidateQueries({ queryKey: query.queryKey });
    },
    onError: (error) =>
      toast.error(problemMessage(error, { fallback: t('shares.withdrawFailed') })),
  });
  const open = shares ? openShares(shares) : [];
  return (
    <Card title={t('shares.title')} lead={t('shares.lead')}>
      {isLoading ? (
        <Spinner />
      ) : !shares ? (
        <p className="text-sm">{t('unavailable')}</p>
      ) : open.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('shares.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {open.map((share) => (
            <li
              key={share.id}
              className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-3 first:border-t-0 first:pt-0 dark:border-slate-800"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold">
                  {documentTypeName(share.document_type, i18n.language)}
                </p>
                <p className="text-slate-600 dark:text-slate-400">
                  {t('shares.anyone')}
                  {' · '}
                  {share.max_views === null
                    ? t('shares.views', { count: share.views })
                    : t('shares.viewsOf', { count: share.views, max: share.max_views })}
                  {' · '}
                  {t('shares.expires', { date: format.date(share.expires_at) })}
                </p>
                <p className="text-slate-600 dark:text-slate-400">
                  {t('shares.fields', { count: share.fields.length })}
                </p>
              </div>
              <Button
                size="sm"
                variant="danger"
                className="min-h-11"
                loading={withdraw.isPending && withdraw.variables === share.id}
                loadingLabel={t('withdrawing')}
                aria-label={t('shares.withdrawLabel', { credential: share.document_type })}
                onClick={() => withdraw.mutate(share.id)}
              >
                {t('withdraw')}
              </Button>
              <LinkActions
                url={share.url}
                openHref={paths.verify.getHref(share.id)}
                name={`${documentTypeName(share.document_type, i18n.language)}, ${t('shares.expires', { date: format.date(share.expires_at) })}`}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function WhoHasMyDataPage(props: WhoHasMyDataPageProps) {
  const { userId } = props;
  const { t } = useTranslation(DATA_SHARING_NAMESPACE);
  const receipts = useQuery(getConsentReceiptsQueryOptions(userId));
  const rights = useQuery(getRightsRequestsQueryOptions(userId));
  const consents = useQuery(props.consentQuery(userId));
  const organisations = useMemo(
    () => groupByOrganisation(receipts.data ?? [], consents.data?.data ?? [], rights.data ?? []),
    [receipts.data, consents.data, rights.data],
  );
  const waiting = (consents.data?.data ?? []).filter((c) => c.status === 'pending').length;
  // How often each consent was used (issue 17: a verified presentation, a share link viewed
  // under it), from the consent requests the server counts them on.
  const usesOf = useMemo(() => {
    const uses = new Map<string, ConsentUses>();
    for (const consent of consents.data?.data ?? []) {
      if (consent.uses === undefined) continue;
      uses.set(consent.id, { count: consent.uses, lastUsedAt: consent.last_used_at ?? null });
    }
    return (consentRequestId: string) => uses.get(consentRequestId);
  }, [consents.data]);
  const { withdrawConsent } = props;
  const withdrawById = useCallback(
    async (consentRequestId: string) => {
      const request = consents.data?.data.find((c) => c.id === consentRequestId);
      if (!request) throw new Error(t('withdrawFailed'));
      return withdrawConsent(request);
    },
    [consents.data, withdrawConsent, t],
  );

  return (
    <div className="space-y-6">
      <PageHeading
        title={t('title')}
        description={t('lead')}
        actions={
          <Link to={paths.app.consent.getHref()} className="text-sm font-medium underline">
            {t('backToConsent')}
          </Link>
        }
      />
      <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
        <InfoIcon className="mt-0.5 size-4 shrink-0" />
        {t('law')}
      </p>
      {waiting > 0 && (
        <p className="text-sm">
          <Link to={paths.app.consent.getHref()} className="underline">
            {t('waiting', { count: waiting })}
          </Link>
        </p>
      )}
      <section aria-labelledby="who-has-my-data-organisations" className="space-y-4">
        <h2 id="who-has-my-data-organisations" className="text-lg font-semibold">
          {t('organisations')}
        </h2>
        {receipts.isLoading ? (
          <Spinner />
        ) : !receipts.data ? (
          <p className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
            {t('unavailable')}
          </p>
        ) : organisations.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {t('empty')}
          </p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {organisations.map((organisation) => (
              <OrganisationCard
                key={organisation.name}
                userId={userId}
                organisation={organisation}
                usesOf={usesOf}
                withdrawConsent={withdrawById}
              />
            ))}
          </div>
        )}
      </section>
      <ShareLinks
        userId={userId}
        sharesQuery={props.sharesQuery}
        withdrawShare={props.withdrawShare}
      />
    </div>
  );
}
