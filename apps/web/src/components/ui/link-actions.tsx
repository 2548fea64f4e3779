/**
 * What a holder can do with a link they made, wherever it is listed (a credential card's share
 * links, Who has my data's open share links): Copy (the link, to the clipboard), QR code (shows
 * the link's QR code, drawn on the device at SPEC 9's size 200 and margin 2, with the link
 * written under it; again hides it) and Open (the page the link shows, in a new tab).
 *
 * `url` is the link as given to others (a share's `url`); `openHref` the page to open (the
 * app's own /verify/{shareId}); `name` tells this link apart from the others in the list in
 * each control's accessible name (e.g. 'PAN Card, expires 8 June 2025').
 */
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ui/ltr';
import { QR_OPTIONS, useQrCode } from '@/lib/qr-code';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from './button';
import { CopyIcon, ExternalLinkIcon, QrCodeIcon } from './icons';

export function LinkActions({
  url,
  openHref,
  name,
}: {
  url: string;
  openHref: string;
  name: string;
}) {
  const { t } = useTranslation();
  const [showQr, setShowQr] = useState(false);
  const qrId = useId();
  const onQrError = useCallback(() => toast.error(t('linkActions.qrFailed')), [t]);
  const qr = useQrCode(showQr ? url : null, onQrError);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('linkActions.copied'));
    } catch {
      toast.error(t('linkActions.copyFailed'));
    }
  };

  return (
    <div className="w-full space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          className="min-h-11"
          onClick={() => void copy()}
          aria-label={t('linkActions.copyLabel', { name })}
        >
          <CopyIcon className="size-4" />
          {t('linkActions.copy')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          className="min-h-11"
          onClick={() => setShowQr((shown) => !shown)}
          aria-expanded={showQr}
          aria-controls={qrId}
          aria-label={t(showQr ? 'linkActions.hideQrLabel' : 'linkActions.qrLabel', { name })}
        >
          <QrCodeIcon className="size-4" />
          {showQr ? t('linkActions.hideQr') : t('linkActions.qr')}
        </Button>
        <a
          href={openHref}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonClasses('secondary', 'sm')} min-h-11`}
          aria-label={t('linkActions.openLabel', { name })}
        >
          <ExternalLinkIcon className="size-4" />
          {t('linkActions.open')}
        </a>
      </div>
      {showQr && (
        <div id={qrId} className="flex flex-col items-center gap-2">
          {qr ? (
            <img
              src={qr}
              dir="ltr"
              width={QR_OPTIONS.width}
              height={QR_OPTIONS.width}
              alt={t('linkActions.qrAlt', { name })}
              className="rounded-lg bg-white"
            />
          ) : (
            // The image's place, kept while it is drawn.
            <div
              className="animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none dark:bg-slate-800"
              style={{ width: QR_OPTIONS.width, height: QR_OPTIONS.width }}
            />
          )}
          <p className="max-w-full text-center font-mono text-xs break-all text-slate-600 dark:text-slate-400">
            <Ltr>{url}</Ltr>
          </p>
        </div>
      )}
    </div>
  );
}
