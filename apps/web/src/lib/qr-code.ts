/**
 * QR codes drawn on the device (SPEC 7: "QR images are generated on the device"), with the size
 * and margin of SPEC 9 (QR image size 200 with margin 2), for every QR code the holder is shown:
 * a credential card's and a share link's in a list.
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** SPEC 9: the QR image's size and margin (qrcode's `width` and `margin`). */
export const QR_OPTIONS = { width: 200, margin: 2 } as const;

/**
 * The PNG data URL of the QR code of `text` (QR_OPTIONS), or null while it is drawn or when
 * `text` is null. `onError` is called when it cannot be drawn.
 */
export function useQrCode(text: string | null, onError?: () => void): string | null {
  const [drawn, setDrawn] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (text === null) return;
    let live = true;
    QRCode.toDataURL(text, QR_OPTIONS).then(
      (url) => live && setDrawn({ text, url }),
      () => live && onError?.(),
    );
    return () => {
      live = false;
    };
  }, [text, onError]);
  return drawn && drawn.text === text ? drawn.url : null;
}
