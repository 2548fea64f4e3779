/**
 * /verify's "Scan offline QR" (docs/offline-verification.md): a credential's offline QR code,
 * read with the camera (the shared scanner, components/ui/qr-scanner.tsx) or from an image file,
 * is verified on this device by core's verifyOfflineQr, with no network: against the trust list
 * and the issuer's status list as last fetched (api/offline-verification-data.ts: the service
 * worker's copies when offline, with their age). While online, opening /verify fetches both so
 * the service worker keeps them for later. Nothing read from the code leaves the device.
 */
import { type OfflineVerdict, statusListUriOfOfflineQr, verifyOfflineQr } from '@pehchaan/core';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InfoIcon, QrCodeIcon } from '@/components/ui/icons';
import { QrScanButton, QrScanVideo, useQrScanner } from '@/components/ui/qr-scanner';
import {
  loadStatusList,
  loadTrustList,
  prefetchOfflineVerificationData,
} from '../api/offline-verification-data';
import { readQrImage } from '../read-qr-image';
import { OfflineVerdictView } from './offline-verdict';

/** Largest image file read (bytes): a phone photo is a few megabytes. */
const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

type Outcome =
  | { kind: 'verdict'; verdict: OfflineVerdict }
  /** No QR code found in the image. */
  | { kind: 'no_code' }
  /** No trust list, neither from the network nor saved. */
  | { kind: 'no_trust_list' }
  | { kind: 'too_large' };

export function OfflineQrCheck() {
  const { t } = useTranslation('verifier');
  const fileId = useId();
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  // Online, keep the trust list and our issuers' status lists warm in the service worker; on a
  // first visit the worker takes the page over only after it installs, so fetch again then.
  useEffect(() => {
    const prefetch = () => {
      if (navigator.onLine) void prefetchOfflineVerificationData();
    };
    prefetch();
    const worker = navigator.serviceWorker;
    worker?.addEventListener('controllerchange', prefetch);
    return () => worker?.removeEventListener('controllerchange', prefetch);
  }, []);

  const check = async (text: string) => {
    setChecking(true);
    setOutcome(null);
    try {
      const trustList = await loadTrustList();
      if (!trustList) {
        setOutcome({ kind: 'no_trust_list' });
        return;
      }
      const uri = statusListUriOfOfflineQr(text);
      const saved = uri ? await loadStatusList(uri) : null;
      const verdict = await verifyOfflineQr({
        text,
        trustList: trustList.value,
        trustListFetchedAt: trustList.fetched_at,
        statusLists: saved ? [saved] : [],
        publicOrigin: window.location.origin,
      });
      setOutcome({ kind: 'verdict', verdict });
    } finally {
      setChecking(false);
    }
  };

  const scanner = useQrScanner({ onCode: (text) => void check(text), onMessage: setMessage });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    scanner.stop();
    setMessage(null);
    if (file.size > MAX_IMAGE_BYTES) {
      setOutcome({ kind: 'too_large' });
      return;
    }
    setChecking(true);
    setOutcome(null);
    const text = await readQrImage(file);
    if (text === null) {
      setChecking(false);
      setOutcome({ kind: 'no_code' });
      return;
    }
    await check(text);
  };

  if (!open) {
    return (
      <div className="print:hidden">
        <Button
          type="button"
          variant="secondary"
          className="min-h-11"
          onClick={() => setOpen(true)}
        >
          <QrCodeIcon />
          {t('offline.scan')}
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby={`${fileId}-title`}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 print:hidden"
    >
      <div>
        <h2 id={`${fileId}-title`} className="text-xl font-semibold">
          {t('offline.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('offline.lead')}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <QrScanButton scanner={scanner} />
        <label htmlFor={fileId} className="text-sm font-medium">
          {t('offline.image')}
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/*"
          onChange={(event) => void onFile(event)}
          className="text-sm file:me-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-800 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
        />
      </div>
      <QrScanVideo scanner={scanner} />
      {message && <p className="text-sm text-red-700 dark:text-red-400">{message}</p>}
      {checking && (
        <p role="status" className="text-sm">
          {t('offline.checking')}
        </p>
      )}
      {outcome && outcome.kind !== 'verdict' && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-2xl border border-slate-300 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-900"
        >
          <InfoIcon className="mt-0.5 size-6 shrink-0" />
          <p>
            {outcome.kind === 'no_code'
              ? t('offline.noCode')
              : outcome.kind === 'too_large'
                ? t('offline.tooLarge')
                : t('offline.noTrustList')}
          </p>
        </div>
      )}
      {outcome?.kind === 'verdict' && <OfflineVerdictView verdict={outcome.verdict} />}
    </section>
  );
}
