import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';

/**
 * A camera for the browser tests that scan a QR code: Chromium's fake capture device
 * (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>`) playing a Y4M
 * video whose frames show one QR code, as a phone held up to an issuer's or verifier's screen
 * would see it. The app decodes it with jsqr (apps/web/src/components/ui/qr-scanner.tsx).
 */

let videos = 0;

/**
 * Writes a 640x480 Y4M video (two identical 4:2:0 frames, dark modules on light, a 4-module quiet
 * zone) showing `text` as a QR code (error correction M) to a new file in the system's temporary
 * folder. @returns the file's path.
 */
export function qrVideo(text: string): string {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const scale = Math.floor((height - 40) / (modules + 8));
  const size = (modules + 8) * scale;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < modules; y++) {
    for (let x = 0; x < modules; x++) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (top + (y + 4) * scale + dy) * width + left + (x + 4) * scale;
        luma.fill(16, row, row + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  videos += 1;
  const file = join(tmpdir(), `pehchaan-qr-${process.pid}-${videos}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
      frame,
      frame,
    ]),
  );
  return file;
}

/** Chromium's arguments of the test browser (playwright.config.ts) plus a camera showing `file`. */
export function fakeCameraArgs(file: string): string[] {
  return [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-gpu',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}
