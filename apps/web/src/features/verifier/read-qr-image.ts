/**
 * The text of the QR code in an image file (a photo or screenshot of an offline QR), decoded on
 * the device with jsqr (loaded only when needed), as the camera scanner decodes a frame
 * (components/ui/qr-scanner.tsx). Large photos are drawn at most MAX_SIDE pixels on their longer
 * side: enough for a version-25 code (117 modules) to keep several pixels per module.
 */

/** Longest side drawn (px). */
const MAX_SIDE = 2000;

/** The QR code's text, or null when the file is not an image or holds no readable code. */
export async function readQrImage(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  // A white background: a transparent PNG's clear pixels would otherwise read as black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const image = context.getImageData(0, 0, width, height);
  const { default: jsQR } = await import('jsqr');
  const code = jsQR(image.data, width, height, { inversionAttempts: 'attemptBoth' });
  return code?.data ? code.data : null;
}
