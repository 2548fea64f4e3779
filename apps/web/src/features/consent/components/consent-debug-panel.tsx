/**
 * The Consent Management screen's Debug Logs panel (SPEC 2): where the list came from, the holder's
 * id, the counts per status, what browser storage holds, the last API error and the raw list.
 */
import type { ConsentRequest } from '@pehchaan/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';
import { readString, STORAGE_KEYS } from '@/lib/storage';
import type { ConsentLists, ConsentSource } from '../consent-records';

function storedCount(): number {
  try {
    const parsed: unknown = JSON.parse(readString(STORAGE_KEYS.consentRequests) ?? '[]');
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

export function ConsentDebugPanel({
  userId,
  source,
  requests,
  lists,
  lastError,
}: {
  userId: string;
  source: ConsentSource | null;
  requests: readonly ConsentRequest[];
  lists: ConsentLists;
  lastError: string | null;
}) {
  const { t } = useTranslation('consent');
  const rawId = useId();
  const rows: [string, string][] = [
    [t('debugPanel.userId'), userId],
    [t('debugPanel.apiUrl'), env.API_URL || t('debugPanel.apiUrlSameOrigin')],
    [t('debugPanel.apiEnabled'), env.USE_API ? t('debugPanel.yes') : t('debugPanel.no')],
    [t('debugPanel.source'), source ? t(`source.${source}`) : '-'],
    [t('debugPanel.total'), String(requests.length)],
    [t('debugPanel.pending'), String(lists.pending.length)],
    [t('debugPanel.approved'), String(lists.approved.length)],
    [t('debugPanel.rejected'), String(lists.rejected.length)],
    [t('debugPanel.ended'), String(lists.ended.length)],
    [t('debugPanel.stored'), String(storedCount())],
    [t('debugPanel.unsynced'), String(requests.filter((r) => r.pending_sync).length)],
    [t('debugPanel.lastError'), lastError ?? t('debugPanel.none')],
  ];
  return (
    <section
      aria-label={t('debugPanel.title')}
      className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-900/60"
    >
      <h2 className="mb-2 font-semibold">{t('debugPanel.title')}</h2>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="min-w-0 font-mono text-xs break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 id={rawId} className="mt-4 mb-1 font-semibold">
        {t('debugPanel.raw')}
      </h3>
      {/* A scrollable region: focusable so keyboard users can scroll it. */}
      <section
        aria-labelledby={rawId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable.
        tabIndex={0}
        className="max-h-72 overflow-auto rounded-lg bg-white p-3 focus-visible:outline-2 focus-visible:outline-orange-500 dark:bg-slate-950"
      >
        <pre className="font-mono text-xs text-slate-800 dark:text-slate-200">
          {JSON.stringify(requests, null, 2)}
        </pre>
      </section>
    </section>
  );
}
