/**
 * A card's "Offline QR" (DECISIONS 8; docs/offline-verification.md): the holder ticks the fields
 * the code shows, the server signs a presentation of exactly those (POST
 * .../offline-presentation), and the dialog draws its QR code on the device (qrcode, alphanumeric
 * mode, error correction level L, as the format requires) with the nonce beside it in large type
 * and a 10-minute countdown; once expired, "Make a new code" asks for another with the same
 * fields.
 *
 * DECISIONS 9.6: a signed value cannot be masked, so an identity number is in the code only in
 * full: ticking one shows the warning the share dialog gives (anyone who scans sees the whole
 * number) and asks the holder to confirm "Include ... in full"; unconfirmed, the dialog says so
 * instead of asking the server.
 *
 * The countdown runs on this device's clock from the moment the answer arrived (the answer's
 * `expires_at - presented_at`), so a device clock that is off does not shorten or stretch it.
 */
import {
  isSensitiveField,
  type OfflinePresentationAnswer,
  type OfflinePresentationBody,
  shareableFields,
} from '@pehchaan/core';
import { useMutation } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr';
import { Modal } from '@/components/ui/modal';
import { hasProblemCode, isApiUnavailable } from '@/lib/api-client';
import { isolateLtr } from '@/lib/bidi';
import { fieldLabel } from '@/lib/format-claim';
import { createOfflinePresentation } from '../api/create-offline-presentation';
import { FieldChoice, toggled } from './field-choice';

/**
 * The drawn code: 8 pixels a module (a version 25 code is 936 pixels with its 4-module quiet
 * zone), shown at most 360 CSS pixels wide with crisp (pixelated) scaling, so a phone reads it
 * off a screen.
 */
const QR_DRAW_OPTIONS = { errorCorrectionLevel: 'L', scale: 8, margin: 4 } as const;

/**
 * The PNG data URL of the offline QR `text` (alphanumeric, level L) in `version` (the answer's
 * qr_version, never 23: core's offlineQrDrawVersion), or null while drawn.
 */
function useOfflineQrImage(
  text: string | null,
  version: number | undefined,
  onError: () => void,
): string | null {
  const [drawn, setDrawn] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (text === null) return;
    let live = true;
    QRCode.toDataURL([{ data: text, mode: 'alphanumeric' }], { ...QR_DRAW_OPTIONS, version }).then(
      (url) => live && setDrawn({ text, url }),
      () => live && onError(),
    );
    return () => {
      live = false;
    };
  }, [text, version, onError]);
  return drawn && drawn.text === text ? drawn.url : null;
}

/** Milliseconds left of `answer` at `now` (device clock), counted from `receivedAt`. */
function remainingMs(answer: OfflinePresentationAnswer, receivedAt: number, now: number): number {
  if (answer.expires_at === null) return Number.POSITIVE_INFINITY;
  const lifetime = Date.parse(answer.expires_at) - Date.parse(answer.presented_at);
  return Math.max(0, lifetime - (now - receivedAt));
}

/** '9:05': minutes and seconds. */
function minutesSeconds(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function OfflineQrDialog({
  userId,
  credentialId,
  name,
  subject,
  onMade,
  onClose,
}: {
  userId: string;
  credentialId: string;
  /** The credential's display name in the UI language, e.g. 'PAN Card'. */
  name: string;
  /** The credential's subject as the list holds it: the fields offered are its members. */
  subject: Record<string, unknown>;
  /** Called after each code the server made (it logged it in the activity log). */
  onMade?: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('credentials');
  const offered = shareableFields(subject);
  // Everything but the identity numbers ticked, as the share dialog starts.
  const [fields, setFields] = useState<string[]>(() =>
    offered.filter((field) => !isSensitiveField(field)),
  );
  const [fullValues, setFullValues] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [code, setCode] = useState<{ answer: OfflinePresentationAnswer; at: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [drawFailed, setDrawFailed] = useState(false);
  const onDrawError = useCallback(() => setDrawFailed(true), []);
  const image = useOfflineQrImage(code?.answer.qr ?? null, code?.answer.qr_version, onDrawError);

  const left = code ? remainingMs(code.answer, code.at, now) : 0;
  const expired = code !== null && left <= 0;
  useEffect(() => {
    if (!code || expired) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [code, expired]);

  const make = useMutation({
    mutationFn: (body: OfflinePresentationBody) =>
      createOfflinePresentation({ userId, credentialId, body }),
    onSuccess: (answer) => {
      const at = Date.now();
      setNow(at);
      setDrawFailed(false);
      setCode({ answer, at });
      onMade?.();
    },
    onError: (error) =>
      setProblem(
        isApiUnavailable(error)
          ? t('offlineQr.offline')
          : hasProblemCode(error, 'data_sharing_off')
            ? t('toast.dataSharingOff')
            : hasProblemCode(error, 'offline_qr_too_large')
              ? t('offlineQr.tooLarge')
              : t('offlineQr.failed'),
      ),
  });

  const submit = () => {
    // In the credential's own field order.
    const chosen = offered.filter((f) => fields.includes(f));
    if (chosen.length === 0) {
      setProblem(t('offlineQr.noFields'));
      return;
    }
    const unconfirmed = chosen.find((f) => isSensitiveField(f) && !fullValues.includes(f));
    if (unconfirmed !== undefined) {
      setProblem(t('offlineQr.needsFull', { field: fieldLabel(unconfirmed, i18n.language) }));
      return;
    }
    setProblem(null);
    const full = chosen.filter((f) => isSensitiveField(f));
    make.mutate({ fields: chosen, ...(full.length > 0 ? { full_values: full } : {}) });
  };

  const title = t('offlineQr.title', { name });
  const labels = (list: readonly string[]) =>
    new Intl.ListFormat(i18n.language, { type: 'unit', style: 'short' }).format(
      list.map((field) => fieldLabel(field, i18n.language)),
    );

  return (
    <Modal
      title={title}
      onClose={onClose}
      busy={make.isPending}
      // Wide enough for the code with its nonce beside it.
      className={code === null ? 'max-w-lg' : 'max-w-2xl'}
    >
      {code === null ? (
        <div className="text-slate-600 dark:text-slate-300">
          <p>{t('offlineQr.lead')}</p>
          <FieldChoice
            legend={t('offlineQr.fields')}
            offered={offered}
            chosen={fields}
            onToggle={(field) => setFields((current) => toggled(current, field))}
            fullValues={{
              kind: 'signed',
              chosen: fullValues,
              onToggle: (field) => setFullValues((current) => toggled(current, field)),
            }}
          />
          {problem && (
            <p role="alert" className="mt-3 font-medium text-red-700 dark:text-red-400">
              {problem}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={make.isPending}>
              {t('cancel')}
            </Button>
            <Button
              variant="primary"
              onClick={submit}
              loading={make.isPending}
              loadingLabel={t('offlineQr.making')}
            >
              {t('offlineQr.make')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="text-slate-700 dark:text-slate-300">
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
            <div className="relative w-full max-w-[360px] shrink-0">
              {image ? (
                <img
                  src={image}
                  alt={t('offlineQr.qrAlt', { name })}
                  width={360}
                  height={360}
                  className={`block h-auto w-full rounded-lg bg-white [image-rendering:pixelated] ${expired ? 'opacity-20' : ''}`}
                />
              ) : (
                <div className="aspect-square w-full rounded-lg bg-slate-100 dark:bg-slate-800" />
              )}
            </div>
            <div className="min-w-0 text-center sm:text-start">
              <p className="text-sm font-medium text-slate-600 dark:text-slate-400">
                {t('offlineQr.codeLabel')}
              </p>
              <p
                className="font-mono text-4xl font-bold tracking-[0.2em] text-slate-900 dark:text-white"
                data-testid="offline-qr-nonce"
              >
                <Ltr>{code.answer.nonce}</Ltr>
              </p>
              <p className="mt-1 text-sm">{t('offlineQr.nonceHint')}</p>
            </div>
          </div>
          <p className="mt-3 text-sm">
            {t('offlineQr.shows', { fields: labels(code.answer.fields) })}
          </p>
          {drawFailed && (
            <p role="alert" className="mt-3 font-medium text-red-700 dark:text-red-400">
              {t('toast.qrFailed')}
            </p>
          )}
          {expired ? (
            <p role="status" className="mt-3 text-lg font-semibold text-red-700 dark:text-red-400">
              {t('offlineQr.expired')}
            </p>
          ) : (
            <p role="timer" aria-live="off" className="mt-3 text-lg font-semibold tabular-nums">
              {t('offlineQr.validFor', { time: isolateLtr(minutesSeconds(left), i18n.language) })}
            </p>
          )}
          {problem && (
            <p role="alert" className="mt-3 font-medium text-red-700 dark:text-red-400">
              {problem}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            {expired && (
              <Button
                variant="primary"
                loading={make.isPending}
                loadingLabel={t('offlineQr.making')}
                onClick={() => {
                  setProblem(null);
                  const full = code.answer.fields.filter((f) => isSensitiveField(f));
                  make.mutate({
                    fields: code.answer.fields,
                    ...(full.length > 0 ? { full_values: full } : {}),
                  });
                }}
              >
                {t('offlineQr.newCode')}
              </Button>
            )}
            <Button variant={expired ? 'secondary' : 'primary'} onClick={onClose}>
              {t('offlineQr.done')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
