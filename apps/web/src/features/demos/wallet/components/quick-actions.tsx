/**
 * Quick Actions (SPEC 2): View Audit Trail, Download My Data, Ask AI about my data.
 *
 * Offline and honest: View Audit Trail shows what was done on this page during this visit (kept
 * in memory only); Download My Data saves the demo's sample data as a JSON file made on the
 * device (SPEC 7: export is local); Ask AI says that no assistant is part of the demo.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ClockIcon, FileIcon, InfoIcon } from '@/components/ui/icons';
import { useFormat } from '@/lib/preferences';
import { toast } from '@/lib/toast';
import { WALLET_NAMESPACE } from '../i18n';
import type { RequesterKey, SampleDocumentKey, WalletDocumentId } from '../wallet-state';
import { Card } from './card';

export type AuditKind =
  | 'approved'
  | 'rejected'
  | 'revoked'
  | 'linked'
  | 'unlinked'
  | 'sharingOn'
  | 'sharingOff'
  | 'uploaded';

/** What an audit entry is about, translated when shown (so it follows the language). */
export type AuditSubject =
  | { requester: RequesterKey }
  | { source: WalletDocumentId }
  | { item: SampleDocumentKey }
  | { file: string };

export interface AuditEvent {
  id: number;
  kind: AuditKind;
  subject: AuditSubject;
  /** ISO 8601 instant. */
  at: string;
}

export function QuickActions({
  events,
  onDownload,
}: {
  /** Newest first. */
  events: readonly AuditEvent[];
  /** Saves the data; resolves whether the browser could. */
  onDownload: () => boolean;
}) {
  const { t } = useTranslation(WALLET_NAMESPACE);
  const [showAudit, setShowAudit] = useState(false);
  const panelId = useId();

  const subjectText = (subject: AuditSubject): string => {
    if ('requester' in subject) return t(`requesters.${subject.requester}`);
    if ('source' in subject) return t(`sources.names.${subject.source}`);
    if ('item' in subject) return t(`documents.items.${subject.item}`);
    return subject.file;
  };
  const format = useFormat();

  return (
    <Card title={t('quickActions.heading')}>
      <div className="grid gap-2">
        <Button
          variant="secondary"
          className="min-h-11 justify-start"
          aria-expanded={showAudit}
          aria-controls={panelId}
          onClick={() => setShowAudit((shown) => !shown)}
        >
          <ClockIcon className="size-4" />
          {t('quickActions.auditTrail')}
        </Button>
        <Button
          variant="secondary"
          className="min-h-11 justify-start"
          onClick={() => {
            if (onDownload()) toast.success(t('quickActions.downloaded'));
          }}
        >
          <FileIcon className="size-4" />
          {t('quickActions.downloadData')}
        </Button>
        <Button
          variant="secondary"
          className="min-h-11 justify-start"
          onClick={() => toast(t('quickActions.askAiToast'), { icon: <InfoIcon /> })}
        >
          <InfoIcon className="size-4" />
          {t('quickActions.askAi')}
        </Button>
      </div>
      <div id={panelId} hidden={!showAudit} className="mt-4">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
          {t('quickActions.auditHeading')}
        </h3>
        {events.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {t('quickActions.auditEmpty')}
          </p>
        ) : (
          <ol className="mt-2 max-h-64 space-y-2 overflow-y-auto text-sm">
            {events.map((event) => (
              <li key={event.id} className="flex gap-2">
                <time
                  dateTime={event.at}
                  className="shrink-0 font-mono text-xs leading-5 text-slate-600 dark:text-slate-400"
                >
                  {format.time(new Date(event.at))}
                </time>
                <span className="text-slate-800 dark:text-slate-200">
                  {t(`audit.${event.kind}`, { subject: subjectText(event.subject) })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
