/**
 * How a verifier's OpenID4VP request reaches /consent besides the /present link (issue 16): a
 * 'Scan QR' button that opens the camera and decodes the QR code on the device (the shared
 * scanner, components/ui/qr-scanner.tsx); and a box to paste an
 * `openid4vp://` or https link. Either is sent to POST .../presentation-requests
 * (receive-presentation-request.ts); the new request appears in the pending list.
 * A refused or missing camera, and every refused link, get a plain-language message.
 */
import type { ConsentRequest } from '@pehchaan/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { QrScanButton, QrScanVideo, useQrScanner } from '@/components/ui/qr-scanner';
import { isApiUnavailable } from '@/lib/api-client';
import { useConsentTexts } from '@/lib/consent-texts';
import { problemMessage } from '@/lib/problem-message';
import { toast } from '@/lib/toast';
import { receivePresentationRequest } from '../api/receive-presentation-request';

export function PresentationLinkEntry({
  userId,
  onReceived,
}: {
  userId: string;
  /** Called with the new pending request once the server stored it. */
  onReceived: (request: ConsentRequest) => void;
}) {
  const { t } = useTranslation('consent');
  const texts = useConsentTexts();
  const inputId = useId();
  const [link, setLink] = useState('');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [cause, setCause] = useState<unknown>(null);
  const submit = async (value: string) => {
    const trimmed = value.trim();
    if (trimmed === '') return;
    setSending(true);
    setMessage(null);
    setCause(null);
    try {
      const request = await receivePresentationRequest({ userId, link: trimmed });
      setLink('');
      // A verified verifier by its name in the holder's language; any other as it names itself.
      const verifier = request.presentation?.verifier.verified
        ? texts.organisation(request.requester)
        : request.requester;
      toast.success(t('presentation.received', { verifier }));
      onReceived(request);
    } catch (error) {
      setCause(error);
      setMessage(
        isApiUnavailable(error)
          ? t('presentation.errors.offline')
          : problemMessage(error, { fallback: t('presentation.errors.generic') }),
      );
    } finally {
      setSending(false);
    }
  };

  const onPaste = (event: FormEvent) => {
    event.preventDefault();
    void submit(link);
  };

  const scanner = useQrScanner({
    onCode: (text) => void submit(text),
    onMessage: (text) => {
      setCause(null);
      setMessage(text);
    },
  });

  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${inputId}-heading`} className="font-semibold text-slate-900 dark:text-white">
        {t('presentation.entryTitle')}
      </h2>
      <form onSubmit={onPaste} className="flex flex-wrap items-end gap-2">
        <div className="min-w-56 flex-1">
          <label htmlFor={inputId} className="text-sm text-slate-700 dark:text-slate-300">
            {t('presentation.pasteLabel')}
          </label>
          <Input
            id={inputId}
            value={link}
            onChange={(event) => setLink(event.target.value)}
            placeholder="openid4vp://?client_id=…"
            // A link is read and typed left to right, also in Urdu (docs/i18n.md).
            dir="ltr"
            autoComplete="off"
          />
        </div>
        <Button type="submit" className="min-h-11" loading={sending} disabled={sending}>
          {t('presentation.open')}
        </Button>
        <QrScanButton scanner={scanner} />
      </form>
      <QrScanVideo scanner={scanner} />
      <ProblemAlert message={message} error={cause} />
    </section>
  );
}
