/**
 * Export My Data (SPEC 2 Settings "Data and storage"): downloads all of the holder's
 * data as one JSON file (profile, credentials, consent requests, activity, settings). Offline it
 * exports this browser's copies and says so; any failure toasts 'Failed to export data' (SPEC 8).
 */
import { holderExportFileName, type UserSettings } from '@pehchaan/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { downloadJson } from '@/lib/download-file';
import { toast } from '@/lib/toast';
import { exportHolderData, type LocalHolderReaders } from '../api/export-data';
import '../i18n';

export function ExportData({
  userId,
  settings,
  readers,
}: {
  userId: string;
  settings: UserSettings;
  readers: LocalHolderReaders;
}) {
  const { t } = useTranslation(['settings', 'messages']);
  const [busy, setBusy] = useState(false);

  const onExport = async () => {
    setBusy(true);
    try {
      const data = await exportHolderData({ userId, readers, settings });
      const fileName = holderExportFileName(userId, new Date(data.exported_at));
      if (!downloadJson(fileName, data)) throw new Error('This browser cannot download files');
      toast.success(data.source === 'api' ? t('export.done') : t('export.doneLocal'));
    } catch {
      toast.error(t('messages:exportFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 className="font-semibold text-slate-900 dark:text-white">{t('export.title')}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('export.text')}</p>
      <Button
        className="min-h-11"
        onClick={() => void onExport()}
        loading={busy}
        loadingLabel={t('export.exporting')}
      >
        {t('export.button')}
      </Button>
    </div>
  );
}
