/**
 * The camera QR scanner shared by the screens that read a link from a QR code (a verifier's
 * OpenID4VP request on /consent, an issuer's OpenID4VCI credential offer on /credentials):
 * `useQrScanner` opens the camera (getUserMedia, rear camera preferred) and decodes each frame on
 * the device with jsqr, loaded only when scanning starts; the first code read stops the camera
 * and is handed to `onCode`. `QrScanButton` starts and stops it ('Scan QR' / 'Stop scanning'),
 * `QrScanVideo` is the camera view (hidden while not scanning). A refused or missing camera is
 * reported to `onMessage` in plain language (common:qrScanner); leaving the screen turns the
 * camera off.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** The camera error's message key: refused by the holder or the browser, or no camera. */
export function cameraErrorKey(error: unknown): 'cameraRefused' | 'cameraMissing' {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'cameraRefused' : 'cameraMissing';
}

/** What `useQrScanner` returns: its state and controls, for QrScanButton and QrScanVideo. */
export interface QrScanner {
  scanning: boolean;
  /** Starts the camera, or stops it while scanning. */
  toggle: () => void;
  stop: () => void;
  videoRef: RefObject<HTMLVideoElement | null>;
}

/**
 * @param options.onCode called once with the text of the first QR code read.
 * @param options.onMessage called with null when scanning starts (clear any old message), or with
 *   the translated reason the camera could not be used.
 */
export function useQrScanner({
  onCode,
  onMessage,
}: {
  onCode: (text: string) => void;
  onMessage: (message: string | null) => void;
}): QrScanner {
  const { t } = useTranslation();
  const [scanning, setScanning] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  // The latest callbacks, so a scan started before a re-render reports to the current ones.
  const handlers = useRef({ onCode, onMessage });
  handlers.current = { onCode, onMessage };

  const stop = () => {
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

  const start = async () => {
    handlers.current.onMessage(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      handlers.current.onMessage(t('qrScanner.cameraMissing'));
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
    } catch (error) {
      handlers.current.onMessage(t(`qrScanner.${cameraErrorKey(error)}`));
      return;
    }
    streamRef.current = stream;
    setScanning(true);
    const { default: jsQR } = await import('jsqr');
    const video = videoRef.current;
    if (!video) return stop();
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
          stop();
          handlers.current.onCode(code.data);
          return;
        }
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };

  return {
    scanning,
    toggle: () => (scanning ? stop() : void start()),
    stop,
    videoRef,
  };
}

/** 'Scan QR' while idle, 'Stop scanning' while the camera is on. */
export function QrScanButton({
  scanner,
  className = 'min-h-11',
}: {
  scanner: QrScanner;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Button type="button" variant="secondary" className={className} onClick={scanner.toggle}>
      {scanner.scanning ? t('qrScanner.stopScan') : t('qrScanner.scan')}
    </Button>
  );
}

/** The camera view, shown only while scanning. */
export function QrScanVideo({ scanner }: { scanner: QrScanner }) {
  const { t } = useTranslation();
  return (
    <video
      ref={scanner.videoRef}
      muted
      playsInline
      aria-label={t('qrScanner.cameraLabel')}
      className={scanner.scanning ? 'max-h-72 w-full rounded-xl bg-black' : 'hidden'}
    />
  );
}
