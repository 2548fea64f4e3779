/**
 * The /dashboard screen (SPEC 2, 4, 8, 9): hero with the data-source indicator, Generate
 * Credential and Refresh, greeting the holder by name (issue 19); the offline banner; the four
 * stat cards; why-choose; Quick Actions; SPEC 2's backend status and system information cards
 * in the page's collapsed Developer tools panel (issue 19). Data comes from the shared cache, which refreshes it every
 * 30 seconds. When a list genuinely fails to load (the API answered an error and this browser
 * has no copy: `useDashboardData`'s `loadFailed`), the toast 'Failed to load dashboard data'
 * (SPEC 8), once per failure; never for the expected offline fallback.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DeveloperTools } from '@/components/ui/developer-tools';
import { PlusIcon, RefreshIcon, WifiOffIcon } from '@/components/ui/icons';
import { hasProblemCode } from '@/lib/api-client';
import { credentialGeneratedText, type GeneratedAnswer } from '@/lib/credential-generated';
import { problemMessage } from '@/lib/problem-message';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { useOnlineStatus } from '@/lib/use-online-status';
import { useBackendStatus } from '../api/use-backend-status';
import { type DashboardLoaders, useDashboardData } from '../api/use-dashboard-data';
import { computeDashboardStats } from '../stats';
import { BackendStatusCard } from './backend-status-card';
import { DataSourceBadge } from './data-source-badge';
import { QuickActions } from './quick-actions';
import { StatCards } from './stat-cards';
import { SystemInfoCard } from './system-info-card';
import { WhyChoose } from './why-choose';

export interface DashboardProps {
  userId: string;
  /** Shown in the greeting. */
  userName?: string;
  loaders: DashboardLoaders;
  /**
   * Issues a credential of a random type (no document type, SPEC 9).
   * @throws {ApiError} HTTP_ERROR 409 whose detail is shown as is (SPEC 8 'already have a').
   */
  generateCredential: (options: { userId: string }) => Promise<GeneratedAnswer>;
}

/** SPEC 2's backend status and system information cards; their checks run while shown. */
function BackendCards() {
  const backend = useBackendStatus();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <BackendStatusCard status={backend} />
      <SystemInfoCard />
    </div>
  );
}

export function Dashboard({ userId, userName, loaders, generateCredential }: DashboardProps) {
  const { t } = useTranslation(['dashboard', 'messages']);
  const data = useDashboardData(userId, loaders);
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const [generating, setGenerating] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const now = Date.now();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` changes every render; stats follow the data
  const stats = useMemo(
    () => computeDashboardStats(data, now),
    [data.credentials, data.consentRequests, data.activityLogs, data.shares],
  );

  const loadFailedText = t('toast.loadFailed');
  useEffect(() => {
    if (data.loadFailed) toast.error(loadFailedText);
  }, [data.loadFailed, loadFailedText]);

  const onGenerate = async () => {
    setGenerating(true);
    try {
      const answer = await generateCredential({ userId });
      toast.success(credentialGeneratedText(answer));
      await queryClient.invalidateQueries({ queryKey: queryKeys.credentials(userId) });
    } catch (error) {
      // SPEC 8: the duplicate message ('You already have ...'), in the holder's language
      // (lib/problem-message.ts; the server's English `detail` is not shown).
      toast.error(
        hasProblemCode(error, 'duplicate_document')
          ? problemMessage(error)
          : t('toast.generateFailed'),
      );
    } finally {
      setGenerating(false);
    }
  };

  const onRefresh = async () => {
    setRefreshing(true);
    const failed = await data.reload();
    setRefreshing(false);
    if (failed) toast.error(loadFailedText);
    else toast.success(t('toast.refreshed'));
  };

  // SPEC 8: one offline banner; and no 'Connected to API' beside it, even when the cached lists
  // were the API's before the browser went offline.
  const offline = data.source === 'localStorage' || !online;
  const source = data.loading ? null : !online ? 'localStorage' : data.source;

  return (
    <div className="space-y-6">
      <section className="rounded-2xl bg-gradient-to-r from-orange-600 to-amber-500 p-5 text-white shadow-md sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold sm:text-3xl">
              {userName ? t('hero.welcomeNamed', { name: userName }) : t('hero.welcome')}
            </h1>
            <p className="mt-1 max-w-xl text-orange-50">{t('hero.subtitle')}</p>
            <div className="mt-4">
              <DataSourceBadge source={source} />
            </div>
          </div>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <Button
              onClick={onGenerate}
              loading={generating}
              loadingLabel={t('generating')}
              variant="inverse"
              className="flex-1 sm:flex-none"
            >
              <PlusIcon className="size-4" />
              {t('generate')}
            </Button>
            <Button
              variant="outlineInverse"
              onClick={onRefresh}
              loading={refreshing}
              loadingLabel={t('refreshing')}
              className="flex-1 sm:flex-none"
            >
              <RefreshIcon className="size-4" />
              {t('refresh')}
            </Button>
          </div>
        </div>
      </section>

      {offline && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <WifiOffIcon className="mt-0.5 size-5 shrink-0" />
          <p>{t('messages:offlineBanner')}</p>
        </div>
      )}

      <StatCards stats={stats} now={now} />

      <div className="grid gap-6 lg:grid-cols-2">
        <WhyChoose />
        <QuickActions onGenerate={onGenerate} generating={generating} />
      </div>

      <DeveloperTools>
        <BackendCards />
      </DeveloperTools>
    </div>
  );
}
