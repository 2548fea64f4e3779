/**
 * One entry of the Activity Logs list (SPEC 2, 3): the type's icon, the entry's text in the UI
 * language (lib/activity-text.ts; the stored description when it has no message code), the type's
 * label, the relative time of SPEC 9 followed by the date and time in the holder's formats
 * (lib/format.ts) in a <time>, 'Not yet synced' for an entry the server has not accepted yet
 * (`pending_sync`), 'Added by you' for an entry the holder's app wrote (`written_by: "holder"`:
 * a test entry, a copy or download made on the device; every other entry is the server's own
 * record, the default, so it carries no mark) and 'Demo' for the demo entries of SPEC 8.
 */
import type { ActivityLog } from '@pehchaan/core';
import { useTranslation } from 'react-i18next';
import { ClockIcon, UserIcon } from '@/components/ui/icons';
import { useActivityText } from '@/lib/activity-text';
import { useFormat } from '@/lib/preferences';
import { ActivityTypeIcon } from './activity-type-icon';

export function ActivityEntry({
  log,
  now,
  demo = false,
}: {
  log: ActivityLog;
  /** Epoch ms the relative time is measured from. */
  now: number;
  demo?: boolean;
}) {
  const { t } = useTranslation('activity');
  const format = useFormat();
  const full = format.dateTime(log.timestamp) || log.timestamp;
  const relative = format.relative(log.timestamp, now);
  // SPEC 9's relative text first; then the date and time in the holder's formats (issue 19),
  // which an older entry's relative text (its date) already begins.
  const when = relative === format.date(log.timestamp) ? full : `${relative} · ${full}`;
  const text = useActivityText();

  return (
    <div className="flex gap-3 p-4 sm:gap-4">
      <ActivityTypeIcon type={log.type} />
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium text-slate-900 dark:text-white">{text(log)}</p>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-slate-600 dark:text-slate-400">
          {demo && (
            <span className="rounded-full border border-dashed border-orange-400 px-2.5 py-0.5 text-xs font-medium text-orange-800 dark:border-orange-500 dark:text-orange-300">
              {t('demoBadge')}
            </span>
          )}
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            {t(`types.${log.type}`)}
          </span>
          <time dateTime={log.timestamp} title={full}>
            {when}
          </time>
          {log.written_by === 'holder' && (
            <span
              title={t('writtenByHolderHint')}
              className="inline-flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400"
            >
              <UserIcon className="size-3.5" />
              {t('writtenByHolder')}
            </span>
          )}
          {log.pending_sync && (
            <span
              title={t('notSyncedHint')}
              className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200"
            >
              <ClockIcon className="size-3.5" />
              {t('notSynced')}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
