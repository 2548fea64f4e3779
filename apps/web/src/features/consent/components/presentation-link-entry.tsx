/**
 * How a verifier's OpenID4VP request reaches /consent besides the /present link (issue 16): a
 * 'Scan QR' button that opens the camera (getUserMedia, rear camera preferred) and decodes the
 * QR code on the device with jsqr, loaded only when scanning; and a box to paste an
 * `openid4vp://` or https link. Either is sent to POST .../presentation-requests
 * (receive-presentation-request.ts); the new request appears in the pending list.
 * A refused or missing camera, and every refused link, get a plain-language message.
 */
import type { ConsentRequest } from '@pehchaan/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorDetail, isApiUnavailable } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { receivePresentationRequest } from '../api/receive-presentation-request';

/** The camera error's message key: refused by the holder or the browser, or no camera. */
export function cameraErrorKey(error: unknown): 'cameraRefused' | 'cameraMissing' {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'cameraRefused' : 'cameraMissing';
}

export function PresentationLinkEntry({
  userId,
  onReceived,
}: {
  userId: string;
  /** Called with the new pending request once the server stored it. */
  onReceived: (request: ConsentRequest) => void;
}) {
  const { t } = useTranslation('consent');
  const inputId = useId();
  const [link, setLink] = useState('');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);

  const stopCamera = () => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setScanning(false);
  };
  // Leaving the screen turns the camera off.
  useEffect(
    () => () => {
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
      streamRef.current = null;
    },
    [],
  );

  const submit = async (value: string) => {
    const trimmed = value.trim();
    if (trimmed === '') return;
    setSending(true);
    setMessage(null);
    try {
      const request = await receivePresentationRequest({ userId, link: trimmed });
      setLink('');
      toast.success(t('presentation.received', { verifier: request.requester }));
      onReceived(request);
    } catch (error) {
      setMessage(
        isApiUnavailable(error)
          ? t('presentation.errors.offline')
          : (errorDetail(error) ?? t('presentation.errors.generic')),
      );
    } finally {
      setSending(false);
    }
  };

  const onPaste = (event: FormEvent) => {
    event.preventDefault();
    void submit(link);
  };

  const scan = async () => {
    setMessage(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setMessage(t('presentation.cameraMissing'));
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
    } catch (error) {
      setMessage(t(`presentation.${cameraErrorKey(error)}`));
      return;
    }
    streamRef.current = stream;
    setScanning(true);
    const { default: jsQR } = await import('jsqr');
    const video = videoRef.current;
    if (!video) return stopCamera();
    video.srcObject = stream;
    await video.play().catch(() => {});
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const tick = () => {
      if (streamRef.current !== stream || !context) return;
      if (video.readyState >= video.HAVE_ENOUGH_DATA && video.videoWidth > 0) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const image = context.getImageData(0, 0, canvas.width, canvas.height);
        const code = jsQR(image.data, image.width, image.height, {
          inversionAttempts: 'dontInvert',
        });
        if (code?.data) {
          stopCamera();
          void submit(code.data);
          return;
        }
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };

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
            autoComplete="off"
          />
        </div>
        <Button type="submit" className="min-h-11" loading={sending} disabled={sending}>
          {t('presentation.open')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          className="min-h-11"
          onClick={() => (scanning ? stopCamera() : void scan())}
        >
          {scanning ? t('presentation.stopScan') : t('presentation.scan')}
        </Button>
      </form>
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label={t('presentation.cameraLabel')}
        className={scanning ? 'max-h-72 w-full rounded-xl bg-black' : 'hidden'}
      />
      {message && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {message}
        </p>
      )}
    </section>
  );
}
