/**
 * My Documents (SPEC 2; SPEC 3 "Document item", status uploaded or not_uploaded): a grid of the
 * six sample documents with Upload New, and per item Download (uploaded) or Upload (not
 * uploaded).
 *
 * Offline and honest: Upload and Upload New open the device's file picker and list the chosen
 * file by name and size for this visit only; the file is not read, sent or stored, and a toast
 * says so. Download says that the demo holds no real file.
 */
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon, FileIcon, PlusIcon } from '@/components/ui/icons';
import { type FormatPreferences, localeOf, numberingSystemOf } from '@/lib/format';
import { useFormat } from '@/lib/preferences';
import { toast } from '@/lib/toast';
import { WALLET_NAMESPACE } from '../i18n';
import type { DocumentItem } from '../wallet-state';
import { Card } from './card';

/**
 * '48 kB', '1.2 MB' in the UI language (lib/format.ts localeOf) and the holder's digits
 * (Settings › Digits; Latin when `digits` is absent).
 */
export function formatFileSize(
  bytes: number,
  language: string,
  digits: FormatPreferences['digits'] = 'latin',
): string {
  const locale = localeOf(language);
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
    numberingSystem: numberingSystemOf({ language, digits }),
  }).format(megabytes ? bytes / (1024 * 1024) : bytes / 1024);
}

export function MyDocuments({
  items,
  onUpload,
}: {
  items: readonly DocumentItem[];
  /** `itemId` null: Upload New. Called with the picked file's name and size only. */
  onUpload: (itemId: string | null, file: { name: string; size: number }) => void;
}) {
  const { t, i18n } = useTranslation(WALLET_NAMESPACE);
  const format = useFormat();
  const input = useRef<HTMLInputElement>(null);
  /** Which item the open file picker is for (null: Upload New). */
  const target = useRef<string | null>(null);

  const nameOf = (item: DocumentItem) =>
    'key' in item.name ? t(`documents.items.${item.name.key}`) : item.name.file;

  const pick = (itemId: string | null) => {
    target.current = itemId;
    input.current?.click();
  };

  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    onUpload(target.current, { name: file.name, size: file.size });
  };

  return (
    <Card
      title={t('documents.heading')}
      actions={
        <Button size="sm" className="min-h-11" onClick={() => pick(null)}>
          <PlusIcon className="size-4" />
          {t('documents.uploadNew')}
        </Button>
      }
    >
      <input
        ref={input}
        type="file"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onPicked}
      />
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((item) => {
          const name = nameOf(item);
          const uploaded = item.status === 'uploaded';
          return (
            <li
              key={item.id}
              className="flex flex-col justify-between gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            >
              <div className="flex items-start gap-3">
                <FileIcon
                  className={`mt-0.5 size-6 shrink-0 ${uploaded ? 'text-orange-700 dark:text-orange-400' : 'text-slate-500 dark:text-slate-400'}`}
                />
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900 dark:text-white">{name}</p>
                  <p
                    className={`mt-0.5 inline-flex items-center gap-1 text-xs font-semibold ${uploaded ? 'text-green-800 dark:text-green-300' : 'text-slate-600 dark:text-slate-400'}`}
                  >
                    {uploaded && <CheckCircleIcon className="size-3.5" />}
                    {t(`documents.status.${item.status}`)}
                  </p>
                  {uploaded && item.date && (
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {t('documents.uploadedOn', { date: format.date(item.date) })}
                      {item.size !== null &&
                        ` · ${formatFileSize(item.size, i18n.language, format.preferences.digits)}`}
                    </p>
                  )}
                </div>
              </div>
              {uploaded ? (
                <Button
                  size="sm"
                  variant="secondary"
                  className="min-h-11"
                  aria-label={t('documents.downloadLabel', { name })}
                  onClick={() => toast(t('documents.toastDownload', { name }))}
                >
                  {t('documents.download')}
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  className="min-h-11"
                  aria-label={t('documents.uploadLabel', { name })}
                  onClick={() => pick(item.id)}
                >
                  {t('documents.upload')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
